CREATE TABLE "contact_changes" (
	"change_id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_cards" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"transaction_uuid" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"gateway_transaction_id" text,
	"decision" text,
	"reason_code" integer,
	"payment_token" text,
	"masked_card" text,
	"card_type" text,
	"card_expiry" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_cards_gateway_transaction_id_unique" UNIQUE("gateway_transaction_id")
);
--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_cards" ADD CONSTRAINT "renewal_cards_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_changes_policy_idx" ON "contact_changes" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "renewal_cards_policy_idx" ON "renewal_cards" USING btree ("policy_id","answered_at");