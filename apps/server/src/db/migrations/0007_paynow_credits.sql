CREATE TABLE "paynow_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_transaction_id" text,
	"body_sha256" text NOT NULL,
	"notification" text NOT NULL,
	"txn_ref" text,
	"payment_id" uuid,
	"amount_cents" integer,
	"currency" text,
	"paid_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paynow_credits_bank_transaction_id_unique" UNIQUE("bank_transaction_id"),
	CONSTRAINT "paynow_credits_body_sha256_unique" UNIQUE("body_sha256")
);
--> statement-breakpoint
DROP INDEX "operations_alerts_once_idx";--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD COLUMN "paynow_credit_id" bigint;--> statement-breakpoint
ALTER TABLE "paynow_credits" ADD CONSTRAINT "paynow_credits_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paynow_credits_payment_idx" ON "paynow_credits" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD CONSTRAINT "operations_alerts_paynow_credit_id_paynow_credits_id_fk" FOREIGN KEY ("paynow_credit_id") REFERENCES "public"."paynow_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_alerts_credit_once_idx" ON "operations_alerts" USING btree ("kind","paynow_credit_id") WHERE "operations_alerts"."paynow_credit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_alerts_once_idx" ON "operations_alerts" USING btree ("kind","payment_id") WHERE "operations_alerts"."paynow_credit_id" is null;