-- A resource deleted by any path (REST, console, a cascade) takes its project bindings with it.
CREATE TRIGGER `project_bindings_gone_checks` AFTER DELETE ON `checks` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'check' AND `resource_id` = CAST(OLD.`id` AS TEXT);
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'private-location-check-assignment' AND `resource_id` LIKE OLD.`id` || '#%';
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_check_groups` AFTER DELETE ON `check_groups` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'check-group' AND `resource_id` = CAST(OLD.`id` AS TEXT);
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'private-location-group-assignment' AND `resource_id` LIKE CAST(OLD.`id` AS TEXT) || '#%';
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_alert_channels` AFTER DELETE ON `alert_channels` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'alert-channel' AND `resource_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_alert_subscriptions` AFTER DELETE ON `alert_subscriptions` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'alert-channel-subscription' AND `resource_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_status_pages` AFTER DELETE ON `status_pages` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'status-page' AND `resource_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_status_page_services` AFTER DELETE ON `status_page_services` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'status-page-service' AND `resource_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_maintenance_windows` AFTER DELETE ON `maintenance_windows` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'maintenance-window' AND `resource_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `project_bindings_gone_private_locations` AFTER DELETE ON `private_locations` BEGIN
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` = 'private-location' AND `resource_id` = CAST(OLD.`id` AS TEXT);
	DELETE FROM `project_bindings` WHERE `account_id` = OLD.`account_id` AND `resource_type` IN ('private-location-check-assignment', 'private-location-group-assignment') AND `resource_id` LIKE '%#' || OLD.`id`;
END;
