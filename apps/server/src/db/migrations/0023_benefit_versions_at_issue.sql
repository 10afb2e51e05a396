ALTER TABLE "rate_tables" ADD COLUMN "activated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Versions already active began to apply when they were loaded, as far as the table can tell (decision 098).
UPDATE "rate_tables" SET "activated_at" = "loaded_at";
