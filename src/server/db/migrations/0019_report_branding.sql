CREATE TABLE "report_branding" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"firm_name" text,
	"color" text,
	"logo" "bytea",
	"logo_type" text,
	"logo_width" integer,
	"logo_height" integer,
	"logo_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_branding_logo_complete" CHECK (("report_branding"."logo" is null) = ("report_branding"."logo_type" is null) and ("report_branding"."logo" is null) = ("report_branding"."logo_width" is null) and ("report_branding"."logo" is null) = ("report_branding"."logo_height" is null) and ("report_branding"."logo" is null) = ("report_branding"."logo_updated_at" is null))
);
--> statement-breakpoint
ALTER TABLE "report_branding" ADD CONSTRAINT "report_branding_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;