ALTER TABLE "campaigns" ADD COLUMN "voucher_cents" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "voucher_description" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "voucher_description_cn" text;