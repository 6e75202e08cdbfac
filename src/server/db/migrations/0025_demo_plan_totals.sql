-- Demo accounts on a paid plan, per signup day (decision 029's running totals): 'signup_demo_premium' and
-- 'signup_demo_professional'. A demo account switches plans with Demo Settings; the admin's money and conversion
-- figures leave demo accounts out, so they need how many of the premium and professional users are demo
-- accounts. Added beside 'signup_demo' (every demo account), which an instance still running the previous code
-- keeps reading. The same statement triggers keep them: a plan change is an UPDATE of "user", which takes the
-- old row's metrics off and puts the new row's on.
-- Writers held off until this migration commits, so the totals filled below and the trigger agree.
LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_count_user() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  deltas admin_daily_delta[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    deltas := ARRAY(
      SELECT (metric, (created_at AT TIME ZONE 'UTC')::date, 0, 1)::admin_daily_delta
        FROM new_rows,
             unnest(array['signup_' || plan,
                          CASE WHEN is_demo THEN 'signup_demo' END,
                          CASE WHEN is_demo AND plan <> 'free' THEN 'signup_demo_' || plan END]) AS metric);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ARRAY(
      SELECT (metric, (created_at AT TIME ZONE 'UTC')::date, 0, -1)::admin_daily_delta
        FROM old_rows,
             unnest(array['signup_' || plan,
                          CASE WHEN is_demo THEN 'signup_demo' END,
                          CASE WHEN is_demo AND plan <> 'free' THEN 'signup_demo_' || plan END]) AS metric);
  END IF;
  PERFORM admin_daily_count_add(deltas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER user_admin_count_truncate ON "user";
--> statement-breakpoint
CREATE TRIGGER user_admin_count_truncate AFTER TRUNCATE ON "user"
FOR EACH STATEMENT EXECUTE FUNCTION admin_daily_count_truncated(
  'signup_free', 'signup_premium', 'signup_professional', 'signup_demo', 'signup_demo_premium',
  'signup_demo_professional');
--> statement-breakpoint
INSERT INTO admin_daily_count (metric, day, shard, count)
SELECT 'signup_demo_' || plan, (created_at AT TIME ZONE 'UTC')::date, 0, count(*)::int
  FROM "user"
 WHERE is_demo AND plan <> 'free'
 GROUP BY 1, 2;
