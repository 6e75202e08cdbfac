CREATE TABLE "analysis_usage" (
	"subject_kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"month" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_usage_pk" PRIMARY KEY("subject_kind","subject_key","month"),
	CONSTRAINT "analysis_usage_kind_valid" CHECK ("analysis_usage"."subject_kind" in ('user', 'visitor', 'ip')),
	CONSTRAINT "analysis_usage_month_format" CHECK ("analysis_usage"."month" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "analysis_usage_count_non_negative" CHECK ("analysis_usage"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saved_portfolio" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"holdings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_portfolio" ADD CONSTRAINT "saved_portfolio_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;