DROP INDEX "payments_policy_idx";--> statement-breakpoint
CREATE INDEX "policies_created_idx" ON "policies" USING btree ("created_at","policy_id","country","product_type","status","renewal_of","issued_at");--> statement-breakpoint
CREATE INDEX "policies_issued_idx" ON "policies" USING btree ("issued_at","country","product_type","currency","agent_code","campaign_id","premium_cents") WHERE "policies"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_policy_idx" ON "payments" USING btree ("policy_id","created_at","answered_at");