CREATE TABLE "point_transaction" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dedupe_key" text,
	CONSTRAINT "point_transaction_category_valid" CHECK ("point_transaction"."category" in ('earning', 'spending', 'bonus'))
);
--> statement-breakpoint
CREATE TABLE "user_achievement" (
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "user_achievement_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "user_period_points" (
	"user_id" uuid NOT NULL,
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "user_period_points_pk" PRIMARY KEY("user_id","period_kind","period_start"),
	CONSTRAINT "user_period_points_kind_valid" CHECK ("user_period_points"."period_kind" in ('week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "user_points" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"public_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "user_points_public_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"total_points" integer DEFAULT 0 NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"portfolio_count" integer DEFAULT 0 NOT NULL,
	"trade_count" integer DEFAULT 0 NOT NULL,
	"sell_count" integer DEFAULT 0 NOT NULL,
	"profitable_sell_count" integer DEFAULT 0 NOT NULL,
	"losing_sell_count" integer DEFAULT 0 NOT NULL,
	"lesson_count" integer DEFAULT 0 NOT NULL,
	"analysis_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_transaction" ADD CONSTRAINT "point_transaction_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievement" ADD CONSTRAINT "user_achievement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_period_points" ADD CONSTRAINT "user_period_points_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_points" ADD CONSTRAINT "user_points_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_transaction_user_dedupe_idx" ON "point_transaction" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "point_transaction_user_created_idx" ON "point_transaction" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_period_points_rank_idx" ON "user_period_points" USING btree ("period_kind","period_start","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_points_public_id_idx" ON "user_points" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "user_points_lifetime_idx" ON "user_points" USING btree ("lifetime_points" DESC NULLS FIRST,"public_id");