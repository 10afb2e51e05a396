CREATE TABLE "policies" (
	"policy_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_name" text NOT NULL,
	"product_type" text NOT NULL,
	"country" text NOT NULL,
	"status" text NOT NULL,
	"plan_code" text,
	"currency" text NOT NULL,
	"premium_cents" integer,
	"tax_cents" integer,
	"total_cents" integer,
	"agent_code" text,
	"campaign_id" integer,
	"promo_code" text,
	"start_date" date,
	"end_date" date,
	"policy_number" text,
	"receipt_number" text,
	"document" jsonb NOT NULL,
	"consents" jsonb,
	"rate_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_policy_number_unique" UNIQUE("policy_number"),
	CONSTRAINT "policies_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "policy_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"effective_date" date NOT NULL,
	"checksum" text NOT NULL,
	"data" jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "underwriting_blacklist" (
	"id_number" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_session_idx" ON "policies" USING btree ("session_name");--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "policy_events_policy_idx" ON "policy_events" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_tables_identity_idx" ON "rate_tables" USING btree ("product","country","kind","version");