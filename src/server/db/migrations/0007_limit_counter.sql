CREATE TABLE "limit_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_failure" CASCADE;--> statement-breakpoint
CREATE INDEX "limit_counter_expires_idx" ON "limit_counter" USING btree ("expires_at");