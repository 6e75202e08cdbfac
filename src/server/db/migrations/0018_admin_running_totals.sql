-- pg_trgm ships with PostgreSQL (contrib), the embedded server included; it is a trusted extension, so the
-- database's owner may create it. The admin's search (`ILIKE '%text%'` on email and name) reads its GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "admin_daily_count" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"shard" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "admin_daily_count_metric_day_shard_pk" PRIMARY KEY("metric","day","shard")
);
--> statement-breakpoint
CREATE INDEX "subscription_status_plan_idx" ON "subscription" USING btree ("status","plan","interval");--> statement-breakpoint
CREATE INDEX "subscription_trial_created_idx" ON "subscription" USING btree ("stripe_created_at") WHERE "subscription"."trial_end" is not null;--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
-- Running totals of the admin's figures (decision 029). The triggers below keep admin_daily_count right in the
-- transaction of every write to the counted tables (app code, cascades of an account deletion, the operator's
-- SQL), so the figures equal counting the rows. Activity is split into 8 shards by user: concurrent awards of
-- different users then seldom wait on the same counter row.
CREATE FUNCTION admin_count_shard(user_id uuid) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT get_byte(uuid_send(user_id), 15) % 8 $$;
--> statement-breakpoint
-- One change of a running total: +1 for a counted row inserted, -1 for one deleted; an update is both.
CREATE TYPE admin_daily_delta AS (metric text, day date, shard integer, delta integer);
--> statement-breakpoint
-- Applies the changes of one statement: summed per counter row, what cancels out (an award on the day of the
-- user's last one) not written, the rest in key order, so two statements never lock counter rows in opposite
-- orders. PL/pgSQL, not SQL: its plan is kept between calls.
CREATE FUNCTION admin_daily_count_add(deltas admin_daily_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO admin_daily_count AS c (metric, day, shard, count)
  SELECT metric, day, shard, sum(delta)::int
    FROM unnest(deltas)
   WHERE metric IS NOT NULL
   GROUP BY metric, day, shard
  HAVING sum(delta) <> 0
   ORDER BY metric, day, shard
  ON CONFLICT (metric, day, shard) DO UPDATE SET count = c.count + excluded.count;
END;
$$;
--> statement-breakpoint
-- TRUNCATE (also by cascade from "user"): the metrics named in TG_ARGV start again from nothing.
CREATE FUNCTION admin_daily_count_truncated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM admin_daily_count WHERE metric = ANY (TG_ARGV);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Users: signups per day by plan now (an account counts on the day it signed up, under its current plan), and
-- demo accounts (no email collected) beside them. Signups are not frequent: one shard.
CREATE FUNCTION admin_count_user() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  deltas admin_daily_delta[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    deltas := ARRAY(
      SELECT (metric, (created_at AT TIME ZONE 'UTC')::date, 0, 1)::admin_daily_delta
        FROM new_rows,
             unnest(array['signup_' || plan, CASE WHEN is_demo THEN 'signup_demo' END]) AS metric);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ARRAY(
      SELECT (metric, (created_at AT TIME ZONE 'UTC')::date, 0, -1)::admin_daily_delta
        FROM old_rows,
             unnest(array['signup_' || plan, CASE WHEN is_demo THEN 'signup_demo' END]) AS metric);
  END IF;
  PERFORM admin_daily_count_add(deltas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_admin_count_insert AFTER INSERT ON "user"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user();
--> statement-breakpoint
CREATE TRIGGER user_admin_count_update AFTER UPDATE ON "user"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user();
--> statement-breakpoint
CREATE TRIGGER user_admin_count_delete AFTER DELETE ON "user"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user();
--> statement-breakpoint
CREATE TRIGGER user_admin_count_truncate AFTER TRUNCATE ON "user"
FOR EACH STATEMENT EXECUTE FUNCTION admin_daily_count_truncated(
  'signup_free', 'signup_premium', 'signup_professional', 'signup_demo');
--> statement-breakpoint
-- Paper trades per day of execution.
CREATE FUNCTION admin_count_paper_trade() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  deltas admin_daily_delta[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    deltas := ARRAY(
      SELECT ('paper_trade', (executed_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), 1)::admin_daily_delta
        FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ARRAY(
      SELECT ('paper_trade', (executed_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), -1)::admin_daily_delta
        FROM old_rows);
  END IF;
  PERFORM admin_daily_count_add(deltas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER paper_trade_admin_count_insert AFTER INSERT ON paper_trade
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_paper_trade();
--> statement-breakpoint
CREATE TRIGGER paper_trade_admin_count_update AFTER UPDATE ON paper_trade
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_paper_trade();
--> statement-breakpoint
CREATE TRIGGER paper_trade_admin_count_delete AFTER DELETE ON paper_trade
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_paper_trade();
--> statement-breakpoint
CREATE TRIGGER paper_trade_admin_count_truncate AFTER TRUNCATE ON paper_trade
FOR EACH STATEMENT EXECUTE FUNCTION admin_daily_count_truncated('paper_trade');
--> statement-breakpoint
-- Analyses that earned points: ledger rows of that reason per day.
CREATE FUNCTION admin_count_point_transaction() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  deltas admin_daily_delta[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    deltas := ARRAY(
      SELECT ('analysis_completed', (created_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), 1)::admin_daily_delta
        FROM new_rows
        WHERE reason = 'analysis_completed');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ARRAY(
      SELECT ('analysis_completed', (created_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), -1)::admin_daily_delta
        FROM old_rows
        WHERE reason = 'analysis_completed');
  END IF;
  PERFORM admin_daily_count_add(deltas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER point_transaction_admin_count_insert AFTER INSERT ON point_transaction
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_point_transaction();
--> statement-breakpoint
CREATE TRIGGER point_transaction_admin_count_update AFTER UPDATE ON point_transaction
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_point_transaction();
--> statement-breakpoint
CREATE TRIGGER point_transaction_admin_count_delete AFTER DELETE ON point_transaction
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_point_transaction();
--> statement-breakpoint
CREATE TRIGGER point_transaction_admin_count_truncate AFTER TRUNCATE ON point_transaction
FOR EACH STATEMENT EXECUTE FUNCTION admin_daily_count_truncated('analysis_completed');
--> statement-breakpoint
-- Active users: each user counts once, on the day of their last award (user_points.updated_at).
CREATE FUNCTION admin_count_user_points() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  deltas admin_daily_delta[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    deltas := ARRAY(
      SELECT ('last_active', (updated_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), 1)::admin_daily_delta
        FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ARRAY(
      SELECT ('last_active', (updated_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id), -1)::admin_daily_delta
        FROM old_rows);
  END IF;
  PERFORM admin_daily_count_add(deltas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_points_admin_count_insert AFTER INSERT ON user_points
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user_points();
--> statement-breakpoint
CREATE TRIGGER user_points_admin_count_update AFTER UPDATE ON user_points
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user_points();
--> statement-breakpoint
CREATE TRIGGER user_points_admin_count_delete AFTER DELETE ON user_points
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION admin_count_user_points();
--> statement-breakpoint
CREATE TRIGGER user_points_admin_count_truncate AFTER TRUNCATE ON user_points
FOR EACH STATEMENT EXECUTE FUNCTION admin_daily_count_truncated('last_active');
--> statement-breakpoint
-- The totals of the rows already there, with writers held off until this migration commits.
LOCK TABLE "user", paper_trade, point_transaction, user_points IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO admin_daily_count (metric, day, shard, count)
SELECT metric, day, shard, count(*)::int
  FROM (SELECT unnest(array['signup_' || plan, case when is_demo then 'signup_demo' end]) AS metric,
               (created_at AT TIME ZONE 'UTC')::date AS day, 0 AS shard
          FROM "user"
        UNION ALL
        SELECT 'paper_trade', (executed_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id) FROM paper_trade
        UNION ALL
        SELECT reason, (created_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id)
          FROM point_transaction WHERE reason = 'analysis_completed'
        UNION ALL
        SELECT 'last_active', (updated_at AT TIME ZONE 'UTC')::date, admin_count_shard(user_id) FROM user_points) counted
 WHERE metric IS NOT NULL
 GROUP BY metric, day, shard;
