CREATE TABLE "alert_condition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"symbol" text,
	"threshold" numeric(20, 6) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"last_mailed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_condition_type_valid" CHECK ("alert_condition"."type" in ('price_above', 'price_below', 'percent_change', 'portfolio_value', 'gain_loss')),
	CONSTRAINT "alert_condition_threshold_positive" CHECK ("alert_condition"."threshold" > 0),
	CONSTRAINT "alert_condition_symbol_by_type" CHECK (("alert_condition"."symbol" is not null) = ("alert_condition"."type" in ('price_above', 'price_below', 'percent_change')))
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshot" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"total_value" numeric(18, 2) NOT NULL,
	"total_gain_loss" numeric(18, 2) NOT NULL,
	"total_gain_loss_percent" double precision NOT NULL,
	"is_simulated" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_snapshot_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "triggered_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"condition_id" uuid,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"is_simulated" boolean NOT NULL,
	"triggered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "triggered_alert_severity_valid" CHECK ("triggered_alert"."severity" in ('critical', 'warning', 'info'))
);
--> statement-breakpoint
ALTER TABLE "alert_condition" ADD CONSTRAINT "alert_condition_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot" ADD CONSTRAINT "portfolio_snapshot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggered_alert" ADD CONSTRAINT "triggered_alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggered_alert" ADD CONSTRAINT "triggered_alert_condition_id_alert_condition_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."alert_condition"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_condition_user_idx" ON "alert_condition" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_condition_enabled_idx" ON "alert_condition" USING btree ("type") WHERE "alert_condition"."enabled";--> statement-breakpoint
CREATE INDEX "triggered_alert_open_idx" ON "triggered_alert" USING btree ("user_id","triggered_at" DESC NULLS LAST) WHERE "triggered_alert"."acknowledged_at" is null;