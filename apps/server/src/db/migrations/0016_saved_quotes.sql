CREATE TABLE "saved_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_name" text NOT NULL,
	"resumed_session_name" text,
	"policy_id" uuid,
	"product_type" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"step" text NOT NULL,
	"document" jsonb NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text,
	"generation" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"reminder_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_quotes_session_name_unique" UNIQUE("session_name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_quotes_token_idx" ON "saved_quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "saved_quotes_reminder_idx" ON "saved_quotes" USING btree ("reminded_at","left_at");--> statement-breakpoint
CREATE INDEX "saved_quotes_resumed_idx" ON "saved_quotes" USING btree ("resumed_session_name");