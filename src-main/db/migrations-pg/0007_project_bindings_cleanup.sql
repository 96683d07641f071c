-- Custom SQL migration: SQLite's 0017_deploy_binding_cleanup triggers, for PostgreSQL.
-- A resource deleted by any path (REST, console, a cascade) takes its project bindings with it.
CREATE FUNCTION project_bindings_gone_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'check' AND resource_id = OLD.id::text;
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'private-location-check-assignment' AND resource_id LIKE OLD.id::text || '#%';
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_checks AFTER DELETE ON check_rows FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_checks();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_check_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'check-group' AND resource_id = OLD.id::text;
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'private-location-group-assignment' AND resource_id LIKE OLD.id::text || '#%';
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_check_groups AFTER DELETE ON check_groups FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_check_groups();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_alert_channels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'alert-channel' AND resource_id = OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_alert_channels AFTER DELETE ON alert_channels FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_alert_channels();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_alert_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'alert-channel-subscription' AND resource_id = OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_alert_subscriptions AFTER DELETE ON alert_subscriptions FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_alert_subscriptions();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_status_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'status-page' AND resource_id = OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_status_pages AFTER DELETE ON status_pages FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_status_pages();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_status_page_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'status-page-service' AND resource_id = OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_status_page_services AFTER DELETE ON status_page_services FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_status_page_services();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_maintenance_windows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'maintenance-window' AND resource_id = OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_maintenance_windows AFTER DELETE ON maintenance_windows FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_maintenance_windows();
--> statement-breakpoint
CREATE FUNCTION project_bindings_gone_private_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type = 'private-location' AND resource_id = OLD.id::text;
  DELETE FROM project_bindings WHERE account_id = OLD.account_id AND resource_type IN ('private-location-check-assignment', 'private-location-group-assignment') AND resource_id LIKE '%#' || OLD.id::text;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_bindings_gone_private_locations AFTER DELETE ON private_locations FOR EACH ROW EXECUTE FUNCTION project_bindings_gone_private_locations();
