-- One rewrite of the table for the three generated columns, not three (issue 30).
ALTER TABLE "policies"
  ADD COLUMN "sub_agent_code" text GENERATED ALWAYS AS (nullif(btrim(document->>'subAgentId'), '')) STORED,
  ADD COLUMN "campaign_code" text GENERATED ALWAYS AS (nullif(document#>>'{campaign,campaignCode}', '')) STORED,
  ADD COLUMN "commission_rate" text GENERATED ALWAYS AS (coalesce(document#>>'{policyTravel,policyPremium,commissionRate}', document#>>'{policyPAN,policyPremium,commissionRate}', document#>>'{policyHome,policyPremium,commissionRate}')) STORED;--> statement-breakpoint
CREATE INDEX "policies_agent_created_idx" ON "policies" USING btree ("agent_code","created_at","status","country");--> statement-breakpoint
CREATE INDEX "policies_agent_sales_idx" ON "policies" USING btree ("agent_code","issued_at","country","currency","product_type","premium_cents","sub_agent_code","campaign_code","commission_rate") WHERE "policies"."issued_at" is not null;
