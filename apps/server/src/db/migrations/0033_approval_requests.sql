CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"outcome" text,
	"decision_note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_waiting_idx" ON "approval_requests" USING btree ("kind","entity_id") WHERE "approval_requests"."outcome" is null;--> statement-breakpoint
CREATE INDEX "approval_requests_waiting_since_idx" ON "approval_requests" USING btree ("requested_at") WHERE "approval_requests"."outcome" is null;