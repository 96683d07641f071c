ALTER TABLE `alert_notifications` ADD `digest_id` text;--> statement-breakpoint
CREATE INDEX `alert_notifications_digest` ON `alert_notifications` (`digest_id`) WHERE digest_id is not null;