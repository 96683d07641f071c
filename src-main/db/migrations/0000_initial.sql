CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`max_checks` integer,
	`alert_settings` text
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`label` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `checks` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`check_type` text NOT NULL,
	`name` text NOT NULL,
	`activated` integer NOT NULL,
	`muted` integer NOT NULL,
	`group_id` integer,
	`tags` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checks_account_created` ON `checks` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `checks_account_type` ON `checks` (`account_id`,`check_type`);--> statement-breakpoint
CREATE INDEX `checks_group` ON `checks` (`group_id`);