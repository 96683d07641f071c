CREATE TABLE `deployments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`project_id` text NOT NULL,
	`status` text NOT NULL,
	`schedule_on_deploy` integer NOT NULL,
	`preserve_resources` integer NOT NULL,
	`diff` text,
	`error` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deployments_project` ON `deployments` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `project_bindings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`project_id` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`logical_id` text NOT NULL,
	`member` integer NOT NULL,
	`pending` integer DEFAULT false NOT NULL,
	`source_file` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_bindings_logical` ON `project_bindings` (`project_id`,`resource_type`,`logical_id`);--> statement-breakpoint
CREATE INDEX `project_bindings_resource` ON `project_bindings` (`account_id`,`resource_type`,`resource_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`logical_id` text NOT NULL,
	`name` text NOT NULL,
	`repo_url` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_account_logical` ON `projects` (`account_id`,`logical_id`);