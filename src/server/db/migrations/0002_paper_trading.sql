CREATE TABLE "paper_holding" (
	"portfolio_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" integer NOT NULL,
	"average_cost" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_holding_pk" PRIMARY KEY("portfolio_id","symbol"),
	CONSTRAINT "paper_holding_quantity_non_negative" CHECK ("paper_holding"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "paper_portfolio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"initial_balance" numeric(14, 2) NOT NULL,
	"cash_balance" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_portfolio_cash_non_negative" CHECK ("paper_portfolio"."cash_balance" >= 0),
	CONSTRAINT "paper_portfolio_initial_positive" CHECK ("paper_portfolio"."initial_balance" > 0)
);
--> statement-breakpoint
CREATE TABLE "paper_trade" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	"total_value" numeric(14, 2) NOT NULL,
	"realized_pnl" numeric(14, 2),
	"price_source" text NOT NULL,
	"executed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text,
	CONSTRAINT "paper_trade_side_valid" CHECK ("paper_trade"."side" in ('buy', 'sell')),
	CONSTRAINT "paper_trade_quantity_positive" CHECK ("paper_trade"."quantity" > 0),
	CONSTRAINT "paper_trade_price_positive" CHECK ("paper_trade"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "paper_holding" ADD CONSTRAINT "paper_holding_portfolio_id_paper_portfolio_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_portfolio" ADD CONSTRAINT "paper_portfolio_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_trade" ADD CONSTRAINT "paper_trade_portfolio_id_paper_portfolio_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_trade" ADD CONSTRAINT "paper_trade_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_portfolio_user_created_idx" ON "paper_portfolio" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_trade_user_idempotency_key_idx" ON "paper_trade" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "paper_trade_user_executed_idx" ON "paper_trade" USING btree ("user_id","executed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "paper_trade_portfolio_executed_idx" ON "paper_trade" USING btree ("portfolio_id","executed_at");