CREATE TABLE "activity_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "activity_import_status_valid" CHECK ("activity_import"."status" in ('preview', 'confirmed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "activity_import_mapping" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"header_digest" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_import" ADD CONSTRAINT "activity_import_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_import_mapping" ADD CONSTRAINT "activity_import_mapping_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_import_user_idx" ON "activity_import" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_import_status_expires_idx" ON "activity_import" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_import_mapping_user_header_idx" ON "activity_import_mapping" USING btree ("user_id","header_digest");