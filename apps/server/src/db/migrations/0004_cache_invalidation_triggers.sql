-- Every change to a table the server caches in memory is announced on the channel "table_changed"
-- (payload: the table's name), so each instance drops its copy at once (design section 8), including
-- changes made by operations directly in SQL.
CREATE OR REPLACE FUNCTION notify_table_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER system_flags_changed AFTER INSERT OR UPDATE OR DELETE ON system_flags FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER banners_changed AFTER INSERT OR UPDATE OR DELETE ON banners FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER maintenance_notices_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_notices FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER rate_tables_changed AFTER INSERT OR UPDATE OR DELETE ON rate_tables FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER underwriting_blacklist_changed AFTER INSERT OR UPDATE OR DELETE ON underwriting_blacklist FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
