ALTER TABLE "rate_tables" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_tables" ADD COLUMN "uploaded_by" text;