CREATE TABLE `console_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`ended_reason` text
);
--> statement-breakpoint
CREATE INDEX `console_sessions_key` ON `console_sessions` (`key_hash`);--> statement-breakpoint
CREATE INDEX `console_sessions_last_used` ON `console_sessions` (`last_used_at`);