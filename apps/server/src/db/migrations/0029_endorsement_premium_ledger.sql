CREATE TABLE "policy_endorsements" (
	"endorsement_id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_date" date NOT NULL,
	"currency" text NOT NULL,
	"previous_total_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "operations_alerts_once_idx";--> statement-breakpoint
DROP INDEX "refunds_policy_once_idx";--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "endorsement_id" uuid;--> statement-breakpoint
ALTER TABLE "policy_endorsements" ADD CONSTRAINT "policy_endorsements_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_endorsements" ADD CONSTRAINT "policy_endorsements_event_id_policy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."policy_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_endorsements_policy_idx" ON "policy_endorsements" USING btree ("policy_id");--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD CONSTRAINT "operations_alerts_refund_id_refunds_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("refund_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_endorsement_id_policy_endorsements_endorsement_id_fk" FOREIGN KEY ("endorsement_id") REFERENCES "public"."policy_endorsements"("endorsement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_alerts_refund_once_idx" ON "operations_alerts" USING btree ("kind","refund_id") WHERE "operations_alerts"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_endorsement_once_idx" ON "refunds" USING btree ("endorsement_id") WHERE "refunds"."endorsement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_alerts_once_idx" ON "operations_alerts" USING btree ("kind","payment_id") WHERE "operations_alerts"."paynow_credit_id" is null and "operations_alerts"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_policy_once_idx" ON "refunds" USING btree ("policy_id") WHERE "refunds"."endorsement_id" is null;