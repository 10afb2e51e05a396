CREATE TABLE "claim_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"to_status" text NOT NULL,
	"note" text,
	"amount_approved_cents" bigint,
	"payout_reference" text,
	"actor_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_decisions" ADD CONSTRAINT "claim_decisions_claim_id_claims_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_decisions_claim_idx" ON "claim_decisions" USING btree ("claim_id","id");