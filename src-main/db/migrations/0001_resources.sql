CREATE TABLE `alert_channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`auto_subscribe` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_channels_account` ON `alert_channels` (`account_id`);--> statement-breakpoint
CREATE TABLE `alert_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`alert_channel_id` integer NOT NULL,
	`check_id` text,
	`group_id` integer,
	`activated` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alert_channel_id`) REFERENCES `alert_channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_id`) REFERENCES `checks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `check_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_subscriptions_channel` ON `alert_subscriptions` (`alert_channel_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_channel_check` ON `alert_subscriptions` (`alert_channel_id`,`check_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_channel_group` ON `alert_subscriptions` (`alert_channel_id`,`group_id`);--> statement-breakpoint
CREATE INDEX `alert_subscriptions_check` ON `alert_subscriptions` (`check_id`);--> statement-breakpoint
CREATE INDEX `alert_subscriptions_group` ON `alert_subscriptions` (`group_id`);--> statement-breakpoint
CREATE TABLE `check_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_groups_account` ON `check_groups` (`account_id`);--> statement-breakpoint
CREATE TABLE `incident_services` (
	`incident_id` text NOT NULL,
	`service_id` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `status_page_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `incident_services_pair` ON `incident_services` (`incident_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `incident_services_service` ON `incident_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `incident_updates` (
	`id` text PRIMARY KEY NOT NULL,
	`incident_id` text NOT NULL,
	`status` text NOT NULL,
	`description` text NOT NULL,
	`notify_subscribers` integer NOT NULL,
	`public_incident_update_date` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `incident_updates_incident` ON `incident_updates` (`incident_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`severity` text NOT NULL,
	`last_update_status` text NOT NULL,
	`source_check_id` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	`resolved_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `incidents_account_created` ON `incidents` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `incidents_source_check` ON `incidents` (`source_check_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_account_email` ON `members` (`account_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_account` ON `members` (`account_id`);--> statement-breakpoint
CREATE TABLE `status_page_services` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_page_services_account` ON `status_page_services` (`account_id`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `member_id` text;