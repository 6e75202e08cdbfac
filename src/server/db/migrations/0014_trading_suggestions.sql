CREATE TABLE "trading_suggestion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"suggestion_type" text NOT NULL,
	"action_text" text NOT NULL,
	"priority" text NOT NULL,
	"risk_level" text NOT NULL,
	"confidence" integer NOT NULL,
	"potential_return" numeric(10, 2),
	"current_price" numeric(18, 6) NOT NULL,
	"target_price" numeric(18, 6),
	"reasoning" text NOT NULL,
	"reasoning_source" text NOT NULL,
	"price_source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	CONSTRAINT "trading_suggestion_status_valid" CHECK ("trading_suggestion"."status" in ('open', 'executed')),
	CONSTRAINT "trading_suggestion_confidence_range" CHECK ("trading_suggestion"."confidence" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "trading_suggestion" ADD CONSTRAINT "trading_suggestion_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_suggestion_user_created_idx" ON "trading_suggestion" USING btree ("user_id","created_at" DESC NULLS LAST);