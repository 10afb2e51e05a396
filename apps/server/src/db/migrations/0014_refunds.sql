CREATE TABLE "refunds" (
	"refund_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"payment_id" uuid,
	"method" text NOT NULL,
	"basis" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"provider_request_id" text NOT NULL,
	"provider_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_request_id_unique" UNIQUE("provider_request_id")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"client_reference" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_gateway_refunds" ADD CONSTRAINT "test_gateway_refunds_transaction_id_test_gateway_answers_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."test_gateway_answers"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_policy_once_idx" ON "refunds" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "refunds_state_idx" ON "refunds" USING btree ("state","leased_until");--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_refunds_reference_idx" ON "test_gateway_refunds" USING btree ("profile_id","client_reference");--> statement-breakpoint
CREATE INDEX "test_gateway_refunds_transaction_idx" ON "test_gateway_refunds" USING btree ("transaction_id");