CREATE TABLE "test_gateway_answers" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"access_key" text NOT NULL,
	"profile_id" text NOT NULL,
	"reference_number" text NOT NULL,
	"transaction_uuid" text,
	"decision" text NOT NULL,
	"reason_code" integer NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"auth_amount" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_gateway_answers_reference_idx" ON "test_gateway_answers" USING btree ("reference_number");