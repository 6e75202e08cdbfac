-- Beside the sessions (migration 0010), each app instance caches API tokens (by hash, with their owner's plan)
-- and saved portfolios for /api/v1 (decision 030). They are dropped by the same notification on the same
-- channel, fw_session_changed, payload the user's id: here when an API token is deleted (revoked, or its user
-- deleted) and when a saved portfolio is written. A plan change is already announced by 0010's user trigger.
CREATE FUNCTION notify_user_row_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- An updated row is cached under its old owner (an API token's never changes; a portfolio's is its key).
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('fw_session_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('fw_session_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_token_changed_notify AFTER DELETE OR UPDATE OF user_id, token_hash, scopes ON api_token
FOR EACH ROW EXECUTE FUNCTION notify_user_row_changed();
--> statement-breakpoint
CREATE TRIGGER saved_portfolio_changed_notify AFTER INSERT OR UPDATE OR DELETE ON saved_portfolio
FOR EACH ROW EXECUTE FUNCTION notify_user_row_changed();
