CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"date" date NOT NULL,
	"symbol" text,
	"quantity" numeric(28, 10),
	"price" numeric(28, 10),
	"fee" numeric(28, 10),
	"amount" numeric(28, 10),
	"currency" text NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"import_id" uuid,
	"file_name" text,
	"line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_type_valid" CHECK ("activity"."type" in ('buy', 'sell', 'dividend', 'interest', 'fee', 'tax', 'split', 'deposit', 'withdrawal', 'transfer_in', 'transfer_out')),
	CONSTRAINT "activity_source_valid" CHECK ("activity"."source" in ('manual', 'import', 'opening', 'map-edit')),
	CONSTRAINT "activity_import_source" CHECK (("activity"."source" = 'import') = ("activity"."import_id" is not null and "activity"."file_name" is not null and "activity"."line" is not null))
);
--> statement-breakpoint
CREATE TABLE "activity_portfolio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"client_id" uuid,
	"key" text GENERATED ALWAYS AS (case when account_id is not null then 'account:' || account_id::text when client_id is not null then 'client:' || client_id::text else 'me' end) STORED NOT NULL,
	"cost_basis_method" text DEFAULT 'fifo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_portfolio_one_owner" CHECK ("activity_portfolio"."account_id" is null or "activity_portfolio"."client_id" is null),
	CONSTRAINT "activity_portfolio_method_valid" CHECK ("activity_portfolio"."cost_basis_method" in ('fifo', 'average'))
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_portfolio_id_activity_portfolio_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."activity_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_portfolio" ADD CONSTRAINT "activity_portfolio_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_portfolio" ADD CONSTRAINT "activity_portfolio_account_id_portfolio_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."portfolio_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_portfolio" ADD CONSTRAINT "activity_portfolio_client_id_client_portfolio_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_portfolio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_portfolio_date_idx" ON "activity" USING btree ("portfolio_id","date" DESC NULLS LAST,"sequence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_portfolio_symbol_date_idx" ON "activity" USING btree ("portfolio_id","symbol","date" DESC NULLS LAST,"sequence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_import_idx" ON "activity" USING btree ("import_id") WHERE "activity"."import_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_portfolio_user_key_idx" ON "activity_portfolio" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "activity_portfolio_account_idx" ON "activity_portfolio" USING btree ("account_id") WHERE "activity_portfolio"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "activity_portfolio_client_idx" ON "activity_portfolio" USING btree ("client_id") WHERE "activity_portfolio"."client_id" is not null;