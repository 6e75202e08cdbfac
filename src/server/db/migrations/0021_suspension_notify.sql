-- A suspension (or its end) changes what an instance may keep in memory for the user: sessions are deleted by
-- the suspension itself, but an API token cached by an instance (decision 030) has no session row to announce
-- it. So the change of `suspended_at` is announced on the channel of migration 0010 too.
CREATE TRIGGER user_suspension_changed_notify AFTER UPDATE OF suspended_at ON "user"
FOR EACH ROW
WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at)
EXECUTE FUNCTION notify_session_changed();
