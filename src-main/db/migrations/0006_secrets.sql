-- Notifications keep the channel config with its credentials sealed for delivery; alert_config holds it as clients see it.
ALTER TABLE `alert_notifications` ADD `sealed_config` text;