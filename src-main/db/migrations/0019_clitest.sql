CREATE TABLE `code_bundles` (
	`key` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`size` integer NOT NULL,
	`content` blob NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `code_bundles_account` ON `code_bundles` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `code_test_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`project_logical_id` text,
	`started_at` integer NOT NULL,
	`stopped_at` integer,
	`results` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `code_test_sessions_account` ON `code_test_sessions` (`account_id`,`started_at`);