CREATE TABLE "performance_setting" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"base_currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_setting_base_currency_code" CHECK ("performance_setting"."base_currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "performance_setting" ADD CONSTRAINT "performance_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;