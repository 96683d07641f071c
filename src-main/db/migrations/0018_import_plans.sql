CREATE TABLE `import_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`project_id` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` text NOT NULL,
	`applied_at` text,
	`committed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_plans_project` ON `import_plans` (`project_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `project_bindings` ADD `import_plan_id` text;