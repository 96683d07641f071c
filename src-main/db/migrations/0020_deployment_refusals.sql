ALTER TABLE `deployments` ADD `operation` text DEFAULT 'deploy' NOT NULL;--> statement-breakpoint
ALTER TABLE `deployments` ADD `dry_run` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `deployments` ADD `http_status` integer;