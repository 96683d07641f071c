CREATE TABLE `agent_jobs` (
	`job_id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`session_id` text NOT NULL,
	`job` text NOT NULL,
	`state` text NOT NULL,
	`agent_id` text,
	`lease_expires_at` integer,
	`lease_ms` integer NOT NULL,
	`leases` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`enqueued_at` integer NOT NULL,
	`drop_after` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agent_jobs_queue` ON `agent_jobs` (`location_id`,`state`,`enqueued_at`);--> statement-breakpoint
CREATE INDEX `agent_jobs_lease` ON `agent_jobs` (`state`,`lease_expires_at`);--> statement-breakpoint
CREATE INDEX `agent_jobs_drop` ON `agent_jobs` (`state`,`drop_after`);--> statement-breakpoint
CREATE INDEX `agent_jobs_session` ON `agent_jobs` (`session_id`);--> statement-breakpoint
CREATE INDEX `agent_jobs_agent` ON `agent_jobs` (`agent_id`);--> statement-breakpoint
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`hostname` text,
	`version` text NOT NULL,
	`concurrency` integer NOT NULL,
	`registered_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `private_locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agents_location_seen` ON `agents` (`location_id`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `private_location_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`masked_key` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`location_id`) REFERENCES `private_locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `private_location_keys_hash` ON `private_location_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `private_location_keys_location` ON `private_location_keys` (`location_id`);--> statement-breakpoint
CREATE TABLE `private_locations` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`slug_name` text NOT NULL,
	`icon` text NOT NULL,
	`proxy_url` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `private_locations_account_slug` ON `private_locations` (`account_id`,`slug_name`);