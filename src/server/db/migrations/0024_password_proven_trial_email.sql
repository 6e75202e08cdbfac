CREATE TABLE "trial_email" (
	"email_digest" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "password_proven_at" timestamp with time zone;--> statement-breakpoint
-- A session carries password_proven_at (ADMIN_EMAILS counts only with it, auth/current-user.ts): its change
-- is announced on migration 0010's channel like the other columns a session carries.
DROP TRIGGER user_session_fields_changed_notify ON "user";
--> statement-breakpoint
CREATE TRIGGER user_session_fields_changed_notify
AFTER UPDATE OF email, first_name, last_name, password_hash, plan, subscription_status, is_demo,
                email_verified_at, role, password_proven_at ON "user"
FOR EACH ROW
WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.password_hash, OLD.plan, OLD.subscription_status,
       OLD.is_demo, OLD.email_verified_at, OLD.role, OLD.password_proven_at)
      IS DISTINCT FROM
      (NEW.email, NEW.first_name, NEW.last_name, NEW.password_hash, NEW.plan, NEW.subscription_status,
       NEW.is_demo, NEW.email_verified_at, NEW.role, NEW.password_proven_at))
EXECUTE FUNCTION notify_session_changed();
