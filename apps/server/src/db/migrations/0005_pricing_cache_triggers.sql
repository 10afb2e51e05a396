-- Rating reads campaigns and agent campaigns on every quote: the server caches them in memory, so
-- their changes are announced like the other cached tables' (0004).
CREATE TRIGGER campaigns_changed AFTER INSERT OR UPDATE OR DELETE ON campaigns FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER agent_campaigns_changed AFTER INSERT OR UPDATE OR DELETE ON agent_campaigns FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
