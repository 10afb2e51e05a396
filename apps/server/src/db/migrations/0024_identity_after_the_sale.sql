CREATE TABLE "policyholder_session_addresses" (
	"token_hash" text NOT NULL,
	"contact_email" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policyholder_session_addresses_token_hash_contact_email_pk" PRIMARY KEY("token_hash","contact_email")
);
--> statement-breakpoint
CREATE TABLE "step_up_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_hash" text NOT NULL,
	"policy_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"contact_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_links" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "policies_holder_idx";--> statement-breakpoint
-- Sessions and codes opened under the old rule (a session reached every policy of an ID number and birth
-- date) end here: a session now reaches only the addresses it proves (decision 101).
DELETE FROM "policyholder_sessions";--> statement-breakpoint
DELETE FROM "policyholder_access_codes";--> statement-breakpoint
ALTER TABLE "policyholder_access_codes" DROP CONSTRAINT "policyholder_access_codes_pkey";--> statement-breakpoint
ALTER TABLE "claim_drafts" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "claim_drafts" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "old_email" text;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undo_token_hash" text;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undo_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "contact_email" text GENERATED ALWAYS AS (lower(btrim(case document->>'productType' when 'PTR' then document#>>'{policyTravel,applicant,email}' when 'PAN' then document#>>'{policyPAN,applicant,email}' when 'PHM' then document#>>'{policyHome,applicant,email}' end))) STORED;--> statement-breakpoint
ALTER TABLE "policyholder_access_codes" ADD COLUMN "challenge_hash" text PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "policyholder_access_codes" ADD COLUMN "contact_email" text NOT NULL;--> statement-breakpoint
ALTER TABLE "policyholder_session_addresses" ADD CONSTRAINT "policyholder_session_addresses_token_hash_policyholder_sessions_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."policyholder_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_up_codes" ADD CONSTRAINT "step_up_codes_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_up_codes_policy_idx" ON "step_up_codes" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "used_links_expiry_idx" ON "used_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "policies_contact_idx" ON "policies" USING btree ("contact_email","country");--> statement-breakpoint
CREATE INDEX "policyholder_access_codes_policy_idx" ON "policyholder_access_codes" USING btree ("policy_id","created_at");--> statement-breakpoint
ALTER TABLE "policies" DROP COLUMN "holder_key";--> statement-breakpoint
ALTER TABLE "policyholder_sessions" DROP COLUMN "holder_key";--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_undo_token_hash_unique" UNIQUE("undo_token_hash");