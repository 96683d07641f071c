CREATE TABLE `check_rollups` (
	`check_num` integer NOT NULL,
	`hour_start` integer NOT NULL,
	`runs` integer NOT NULL,
	`passed` integer NOT NULL,
	`degraded` integer NOT NULL,
	`failed` integer NOT NULL,
	`skipped` integer NOT NULL,
	`timed_runs` integer NOT NULL,
	`response_min_us` integer,
	`response_avg_us` integer,
	`response_max_us` integer,
	`response_p50_us` integer,
	`response_p95_us` integer,
	`response_p99_us` integer,
	`packets_sent` integer NOT NULL,
	`packets_received` integer NOT NULL,
	PRIMARY KEY(`check_num`, `hour_start`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `maintenance_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL,
	`updated_at` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `result_details` ADD `last_used_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Existing details count as used now: they are kept for one raw retention period.
UPDATE `result_details` SET `last_used_at` = (CAST(strftime('%s', 'now') AS INTEGER) / 3600) * 3600000;
--> statement-breakpoint
CREATE INDEX `result_details_last_used` ON `result_details` (`last_used_at`);
--> statement-breakpoint
-- check_schedule.check_id becomes nullable with ON DELETE SET NULL (a table rebuild: SQLite cannot
-- alter a foreign key). openDb runs migrations with foreign_keys OFF, so the DROP cascades nothing.
CREATE TABLE `__new_check_schedule` (
	`check_num` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`check_id` text,
	`account_id` text NOT NULL,
	`next_run_at` integer,
	`last_location_index` integer DEFAULT -1 NOT NULL,
	FOREIGN KEY (`check_id`) REFERENCES `checks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_check_schedule` (`check_num`, `check_id`, `account_id`, `next_run_at`, `last_location_index`)
	SELECT `check_num`, `check_id`, `account_id`, `next_run_at`, `last_location_index` FROM `check_schedule`;
--> statement-breakpoint
-- Keep the AUTOINCREMENT high-water mark: a check_num is never reused, not even one of a deleted check.
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_check_schedule';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_check_schedule', `seq` FROM `sqlite_sequence` WHERE `name` = 'check_schedule';
--> statement-breakpoint
DROP TABLE `check_schedule`;
--> statement-breakpoint
ALTER TABLE `__new_check_schedule` RENAME TO `check_schedule`;
--> statement-breakpoint
CREATE UNIQUE INDEX `check_schedule_check_id` ON `check_schedule` (`check_id`);
