CREATE TABLE "daily_bar" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" bigint NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_bar_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "daily_bar_span" (
	"symbol" text PRIMARY KEY NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
