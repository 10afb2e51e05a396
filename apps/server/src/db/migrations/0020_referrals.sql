CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type" text NOT NULL,
	"country" text NOT NULL,
	"reason" text NOT NULL,
	"document" jsonb NOT NULL,
	"full_name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_key" text NOT NULL,
	"id_masked" text NOT NULL,
	"id_sealed" text NOT NULL,
	"mobile_no_country_code" text NOT NULL,
	"mobile_no" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"accepted_class" text,
	"loading_basis_points" integer,
	"valid_until" timestamp with time zone,
	"saved_quote_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_one_open_idx" ON "referrals" USING btree ("id_key","product_type","reason") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","created_at");