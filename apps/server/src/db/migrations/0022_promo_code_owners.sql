CREATE INDEX "promo_codes_upper_code_idx" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
-- Which campaigns own a promo code is kept in memory by getCampaign (decision 097): every instance drops
-- it when a code is added, removed, renamed or moved to another campaign. A code's status and hold are
-- not announced: they change with every payment, and they are always read from the table.
CREATE TRIGGER promo_codes_changed AFTER INSERT OR DELETE OR UPDATE OF code, campaign_id ON promo_codes FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER promo_codes_truncated AFTER TRUNCATE ON promo_codes FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
