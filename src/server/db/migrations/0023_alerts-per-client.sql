DROP INDEX "alert_condition_user_idx";--> statement-breakpoint
DROP INDEX "triggered_alert_open_idx";--> statement-breakpoint
ALTER TABLE "alert_condition" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" ADD COLUMN "portfolio_id" uuid GENERATED ALWAYS AS (coalesce(client_id, user_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "triggered_alert" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_condition" ADD CONSTRAINT "alert_condition_client_id_client_portfolio_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" ADD CONSTRAINT "portfolio_snapshot_client_id_client_portfolio_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggered_alert" ADD CONSTRAINT "triggered_alert_client_id_client_portfolio_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_condition_portfolio_idx" ON "alert_condition" USING btree ("user_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_condition_client_idx" ON "alert_condition" USING btree ("client_id") WHERE "alert_condition"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "portfolio_snapshot_user_idx" ON "portfolio_snapshot" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolio_snapshot_client_idx" ON "portfolio_snapshot" USING btree ("client_id") WHERE "portfolio_snapshot"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "triggered_alert_client_idx" ON "triggered_alert" USING btree ("client_id") WHERE "triggered_alert"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "triggered_alert_open_idx" ON "triggered_alert" USING btree ("user_id","client_id","triggered_at" DESC NULLS LAST) WHERE "triggered_alert"."acknowledged_at" is null;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" DROP CONSTRAINT "portfolio_snapshot_pk";
--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" ADD CONSTRAINT "portfolio_snapshot_pk" PRIMARY KEY("portfolio_id","date");