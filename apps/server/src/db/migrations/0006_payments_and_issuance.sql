CREATE TABLE "idempotency_keys" (
	"session_name" text NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_session_name_key_pk" PRIMARY KEY("session_name","key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"policy_id" uuid,
	"kind" text NOT NULL,
	"recipient_role" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "operations_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"policy_id" uuid,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_lifecycle_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" text,
	"reference_number" text,
	"entry" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"session_name" text NOT NULL,
	"method" text NOT NULL,
	"reference_number" text NOT NULL,
	"transaction_uuid" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"promo_code_id" integer,
	"gateway_transaction_id" text,
	"decision" text,
	"reason_code" integer,
	"auth_code" text,
	"authorised_cents" integer,
	"masked_card" text,
	"card_type" text,
	"card_expiry" text,
	"payment_token" text,
	"gateway_answer" jsonb,
	"receipt_number" text,
	"qr_payload" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_number_unique" UNIQUE("reference_number"),
	CONSTRAINT "payments_gateway_transaction_id_unique" UNIQUE("gateway_transaction_id"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"masked_card" text NOT NULL,
	"card_type" text NOT NULL,
	"card_expiry" text NOT NULL,
	"reason_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_transactions" (
	"transaction_uuid" text PRIMARY KEY NOT NULL,
	"access_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "auto_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD CONSTRAINT "operations_alerts_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_alerts" ADD CONSTRAINT "operations_alerts_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "operations_alerts_open_idx" ON "operations_alerts" USING btree ("kind","resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operations_alerts_once_idx" ON "operations_alerts" USING btree ("kind","payment_id");--> statement-breakpoint
CREATE INDEX "payment_lifecycle_logs_reference_idx" ON "payment_lifecycle_logs" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "payments_policy_idx" ON "payments" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","expires_at");