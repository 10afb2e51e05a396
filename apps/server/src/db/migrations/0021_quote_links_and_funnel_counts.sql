CREATE TABLE "funnel_counts" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"market" text NOT NULL,
	"step" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_counts_day_product_market_step_pk" PRIMARY KEY("day","product","market","step")
);
--> statement-breakpoint
CREATE TABLE "quote_links" (
	"code" text PRIMARY KEY NOT NULL,
	"agent_code" text NOT NULL,
	"sub_agent_code" text,
	"campaign_code" text,
	"product" text NOT NULL,
	"market" text NOT NULL,
	"language" text NOT NULL,
	"prefill" jsonb NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quote_links_agent_idx" ON "quote_links" USING btree ("agent_code","created_at");