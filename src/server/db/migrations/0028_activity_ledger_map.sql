-- The map the activity ledger last wrote (docs/decisions/036, issue 27 item 12): a page read compares the
-- portfolio's map with it instead of summing the whole history. Existing rows stay NULL: unknown, so their next
-- read reconciles the map with the history as before and then remembers it.
ALTER TABLE "activity_portfolio" ADD COLUMN "ledger_map" jsonb;
