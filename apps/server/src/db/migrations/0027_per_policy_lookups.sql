CREATE INDEX "mail_outbox_policy_idx" ON "mail_outbox" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "payment_lifecycle_logs_policy_idx" ON "payment_lifecycle_logs" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policies_renewal_of_idx" ON "policies" USING btree ("renewal_of") WHERE "policies"."renewal_of" is not null;