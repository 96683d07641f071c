CREATE TABLE `maintenance_windows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`tags` text NOT NULL,
	`check_ids` text NOT NULL,
	`group_ids` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`repeat_interval` integer,
	`repeat_unit` text,
	`repeat_ends_at` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `maintenance_windows_account` ON `maintenance_windows` (`account_id`);