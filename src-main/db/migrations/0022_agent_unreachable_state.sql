ALTER TABLE `agents` ADD `unreachable_since` integer;--> statement-breakpoint
ALTER TABLE `agents` ADD `unreachable_runs` integer DEFAULT 0 NOT NULL;