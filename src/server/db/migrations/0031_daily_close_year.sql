-- Each symbol's closes per calendar year in one row (docs/decisions/047): what a read of many years of many symbols
-- reads instead of a row per session. The days are day numbers (since 1970-01-01) and the closes the doubles the
-- reader computes with, as bytes (float8send: big-endian IEEE 754), so that a read parses one short JSON array per
-- row. Kept by statement triggers on daily_bar, in the transaction of every statement that writes bars, whoever
-- writes them (the bar store, the operator's SQL): the touched years are built again from daily_bar, a year left
-- without a bar is deleted.
CREATE TABLE "daily_close_year" (
	"symbol" text NOT NULL,
	"year" smallint NOT NULL,
	"days" json NOT NULL,
	"closes" "bytea" NOT NULL,
	"source_runs" json NOT NULL,
	CONSTRAINT "daily_close_year_pk" PRIMARY KEY("symbol","year")
);
--> statement-breakpoint
CREATE FUNCTION daily_close_year_build(symbols text[], years smallint[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  -- One builder of a symbol's years at a time: a second waits, then (a new statement, a new snapshot under read
  -- committed) reads the bars the first committed, so neither overwrites the other's year with fewer sessions.
  PERFORM pg_advisory_xact_lock(hashtextextended('daily_close_year:' || symbol, 0))
     FROM (SELECT DISTINCT symbol FROM unnest(symbols) AS s (symbol) ORDER BY symbol) AS locked;
  INSERT INTO daily_close_year (symbol, year, days, closes, source_runs)
  SELECT bar.symbol, bar.year, json_agg(bar.date - date '1970-01-01' ORDER BY bar.date),
         string_agg(float8send(bar.close::float8), ''::bytea ORDER BY bar.date),
         json_agg(json_build_array(bar.position, bar.source) ORDER BY bar.date)
           FILTER (WHERE bar.previous_source IS DISTINCT FROM bar.source)
    FROM (
      SELECT b.symbol, touched.year, b.date, b.close, b.source,
             row_number() OVER session - 1 AS position, lag(b.source) OVER session AS previous_source
        FROM unnest(symbols, years) AS touched (symbol, year)
        JOIN daily_bar b ON b.symbol = touched.symbol
         AND b.date >= make_date(touched.year, 1, 1) AND b.date < make_date(touched.year + 1, 1, 1)
      WINDOW session AS (PARTITION BY b.symbol, touched.year ORDER BY b.date)
    ) AS bar
   GROUP BY bar.symbol, bar.year
  ON CONFLICT (symbol, year) DO UPDATE
    SET days = excluded.days, closes = excluded.closes, source_runs = excluded.source_runs;
  DELETE FROM daily_close_year AS packed
   USING unnest(symbols, years) AS touched (symbol, year)
   WHERE packed.symbol = touched.symbol AND packed.year = touched.year
     AND NOT EXISTS (
       SELECT 1 FROM daily_bar b
        WHERE b.symbol = touched.symbol
          AND b.date >= make_date(touched.year, 1, 1) AND b.date < make_date(touched.year + 1, 1, 1));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION daily_bar_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  symbols text[];
  years smallint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- An update could move a bar to another symbol or year: both years changed.
    SELECT array_agg(symbol), array_agg(year) INTO symbols, years
      FROM (SELECT DISTINCT symbol, extract(year FROM date)::smallint AS year
              FROM (SELECT symbol, date FROM changed UNION ALL SELECT symbol, date FROM changed_before) AS bars
           ) AS touched;
  ELSE
    SELECT array_agg(symbol), array_agg(year) INTO symbols, years
      FROM (SELECT DISTINCT symbol, extract(year FROM date)::smallint AS year FROM changed) AS touched;
  END IF;
  IF symbols IS NOT NULL THEN
    PERFORM daily_close_year_build(symbols, years);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER daily_bar_inserted AFTER INSERT ON "daily_bar"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION daily_bar_changed();
--> statement-breakpoint
CREATE TRIGGER daily_bar_updated AFTER UPDATE ON "daily_bar"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION daily_bar_changed();
--> statement-breakpoint
CREATE TRIGGER daily_bar_deleted AFTER DELETE ON "daily_bar"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION daily_bar_changed();
--> statement-breakpoint
-- The bars stored before this migration.
SELECT daily_close_year_build(array_agg(symbol), array_agg(year))
  FROM (SELECT DISTINCT symbol, extract(year FROM date)::smallint AS year FROM daily_bar) AS stored;
