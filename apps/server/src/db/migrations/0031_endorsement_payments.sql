CREATE TABLE "endorsement_payments" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"endorsement_id" uuid NOT NULL,
	"transaction_uuid" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"change" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"policy_updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"gateway_transaction_id" text,
	"decision" text,
	"reason_code" integer,
	"authorised_cents" integer,
	"masked_card" text,
	"card_type" text,
	"answered_at" timestamp with time zone,
	"looked_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endorsement_payments_endorsement_id_unique" UNIQUE("endorsement_id"),
	CONSTRAINT "endorsement_payments_gateway_transaction_id_unique" UNIQUE("gateway_transaction_id")
);
--> statement-breakpoint
DROP INDEX "refunds_policy_once_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "collection_reference" text;--> statement-breakpoint
ALTER TABLE "endorsement_payments" ADD CONSTRAINT "endorsement_payments_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endorsement_payments_policy_idx" ON "endorsement_payments" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "endorsement_payments_open_idx" ON "endorsement_payments" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_collection_reference_endorsement_payments_reference_number_fk" FOREIGN KEY ("collection_reference") REFERENCES "public"."endorsement_payments"("reference_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_collection_once_idx" ON "refunds" USING btree ("collection_reference") WHERE "refunds"."collection_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_policy_once_idx" ON "refunds" USING btree ("policy_id") WHERE "refunds"."endorsement_id" is null and "refunds"."collection_reference" is null;