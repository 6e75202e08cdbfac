-- A history's version (issue 28 item 9, docs/decisions/046): raised in the transaction of every statement that
-- writes a portfolio's activities, whoever writes them (the ledger, imports, cascades, the operator's SQL). A reader
-- that kept a history read at version N reads it again only once the version is past N. Statement triggers: an
-- import of 10,000 rows raises it once, not 10,000 times.
ALTER TABLE "activity_portfolio" ADD COLUMN "history_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION activity_history_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- An update could move a row to another portfolio: both histories changed.
    UPDATE activity_portfolio SET history_version = history_version + 1
     WHERE id IN (SELECT portfolio_id FROM changed UNION SELECT portfolio_id FROM changed_before);
  ELSE
    UPDATE activity_portfolio SET history_version = history_version + 1
     WHERE id IN (SELECT portfolio_id FROM changed);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_history_inserted AFTER INSERT ON "activity"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_history_changed();
--> statement-breakpoint
CREATE TRIGGER activity_history_updated AFTER UPDATE ON "activity"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_history_changed();
--> statement-breakpoint
CREATE TRIGGER activity_history_deleted AFTER DELETE ON "activity"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_history_changed();
