CREATE TABLE `check_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`check_num` integer NOT NULL,
	`location` integer NOT NULL,
	`result_type` integer NOT NULL,
	`flags` integer NOT NULL,
	`attempt` integer NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`response_time_ms` integer,
	`packets_sent` integer,
	`packets_received` integer,
	`min_us` integer,
	`avg_us` integer,
	`max_us` integer,
	`std_dev_us` integer,
	`detail_id` integer,
	FOREIGN KEY (`check_num`) REFERENCES `check_schedule`(`check_num`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_results_check_started` ON `check_results` (`check_num`,`started_at`);--> statement-breakpoint
CREATE TABLE `check_schedule` (
	`check_num` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`check_id` text NOT NULL,
	`account_id` text NOT NULL,
	`next_run_at` integer,
	`last_location_index` integer DEFAULT -1 NOT NULL,
	FOREIGN KEY (`check_id`) REFERENCES `checks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_schedule_check_id` ON `check_schedule` (`check_id`);--> statement-breakpoint
CREATE TABLE `check_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`check_num` integer NOT NULL,
	`status` integer NOT NULL,
	`run_source` integer NOT NULL,
	`started_at` integer NOT NULL,
	`stopped_at` integer,
	`run_locations` text,
	FOREIGN KEY (`check_num`) REFERENCES `check_schedule`(`check_num`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_sessions_check` ON `check_sessions` (`check_num`,`started_at`);--> statement-breakpoint
CREATE INDEX `check_sessions_open` ON `check_sessions` (`status`) WHERE status < 4;--> statement-breakpoint
CREATE TABLE `check_statuses` (
	`check_num` integer PRIMARY KEY NOT NULL,
	`flags` integer NOT NULL,
	`longest_run_ms` integer,
	`shortest_run_ms` integer,
	`last_location` integer,
	`last_session_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`check_num`) REFERENCES `check_schedule`(`check_num`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `result_details` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`hash` blob NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `result_details_hash` ON `result_details` (`hash`);--> statement-breakpoint
CREATE TABLE `run_location_codes` (
	`code` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_location_codes_name` ON `run_location_codes` (`name`);