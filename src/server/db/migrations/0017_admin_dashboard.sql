CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_email" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "complimentary_plan" text;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "paper_trade_executed_idx" ON "paper_trade" USING btree ("executed_at");--> statement-breakpoint
CREATE INDEX "point_transaction_reason_created_idx" ON "point_transaction" USING btree ("reason","created_at");--> statement-breakpoint
CREATE INDEX "subscription_status_idx" ON "subscription" USING btree ("status","last_event_at");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_plan_created_idx" ON "user" USING btree ("plan" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_demo_created_idx" ON "user" USING btree ("created_at") WHERE "user"."is_demo";--> statement-breakpoint
CREATE INDEX "user_complimentary_idx" ON "user" USING btree ("complimentary_plan") WHERE "user"."complimentary_plan" is not null;--> statement-breakpoint
CREATE INDEX "user_points_updated_idx" ON "user_points" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_complimentary_plan_valid" CHECK ("user"."complimentary_plan" is null or "user"."complimentary_plan" in ('premium', 'professional'));