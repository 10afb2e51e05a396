CREATE TABLE "policyholder_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"holder_key" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "holder_key" text;--> statement-breakpoint
CREATE INDEX "policyholder_sessions_expiry_idx" ON "policyholder_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "policies_holder_idx" ON "policies" USING btree ("holder_key");