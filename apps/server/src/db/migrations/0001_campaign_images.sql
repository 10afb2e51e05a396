ALTER TABLE "campaigns" ADD COLUMN "image_data" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "image_content_type" text;