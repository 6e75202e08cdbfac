CREATE TABLE "portfolio_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_type" text NOT NULL,
	"account_name" text NOT NULL,
	"holdings" json NOT NULL,
	"is_manual" boolean NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_account_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_account_type_known" CHECK ("portfolio_account"."account_type" in ('brokerage', '401k', 'ira', 'roth_ira', 'savings'))
);
--> statement-breakpoint
ALTER TABLE "portfolio_account" ADD CONSTRAINT "portfolio_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_account_user_position_idx" ON "portfolio_account" USING btree ("user_id","position");