-- Every app instance keeps the sessions it validated in memory (src/server/auth/session-cache.ts) and LISTENs
-- on fw_session_changed. Whatever writes a change that a cached session must not outlive says so here, in the
-- database, so that no writer (sign-out, password change, account deletion, the admin command, Stripe
-- webhooks, a hand-written UPDATE) has to remember to: a session deleted, a user deleted, or a user's column
-- that the session lookup reads changed. The payload is the user's id; instances drop that user's sessions.
-- The notification is delivered at COMMIT, and not at all on ROLLBACK.
CREATE FUNCTION notify_session_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('fw_session_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('fw_session_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_deleted_notify AFTER DELETE ON "session"
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_deleted_notify AFTER DELETE ON "user"
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
-- Only the columns a session carries, and only when one of them really changed.
CREATE TRIGGER user_session_fields_changed_notify
AFTER UPDATE OF email, first_name, last_name, password_hash, plan, subscription_status, is_demo,
                email_verified_at, role ON "user"
FOR EACH ROW
WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.password_hash, OLD.plan, OLD.subscription_status,
       OLD.is_demo, OLD.email_verified_at, OLD.role)
      IS DISTINCT FROM
      (NEW.email, NEW.first_name, NEW.last_name, NEW.password_hash, NEW.plan, NEW.subscription_status,
       NEW.is_demo, NEW.email_verified_at, NEW.role))
EXECUTE FUNCTION notify_session_changed();
