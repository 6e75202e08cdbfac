CREATE TABLE "user_api_key" (
	"user_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_api_key_pk" PRIMARY KEY("user_id","vendor"),
	CONSTRAINT "user_api_key_vendor_valid" CHECK ("user_api_key"."vendor" in ('alphavantage', 'polygon', 'fmp'))
);
--> statement-breakpoint
ALTER TABLE "user_api_key" ADD CONSTRAINT "user_api_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;