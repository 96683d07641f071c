CREATE TABLE `alert_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`check_alert_id` text NOT NULL,
	`alert_channel_id` integer NOT NULL,
	`type` text NOT NULL,
	`alert_type` text NOT NULL,
	`status` text NOT NULL,
	`alert_config` text NOT NULL,
	`notification_result` text,
	`check_id` text,
	`check_type` text,
	`check_result_id` text,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer,
	`sending_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_notifications_account_created` ON `alert_notifications` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `alert_notifications_channel_created` ON `alert_notifications` (`alert_channel_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `alert_notifications_due` ON `alert_notifications` (`next_attempt_at`) WHERE status = 'IN_PROGRESS';--> statement-breakpoint
CREATE TABLE `app_settings` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_settings_account_key` ON `app_settings` (`account_id`,`key`);--> statement-breakpoint
CREATE TABLE `check_alert_states` (
	`check_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`state` text NOT NULL,
	`last_session_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`check_id`) REFERENCES `checks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `check_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`check_id` text,
	`alert_type` text NOT NULL,
	`check_session_id` text,
	`check_result_id` text,
	`muted` integer NOT NULL,
	`event` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_alerts_account_created` ON `check_alerts` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `check_alerts_check` ON `check_alerts` (`check_id`,`created_at`);