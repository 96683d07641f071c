DROP INDEX `checks_account_created`;--> statement-breakpoint
CREATE INDEX `checks_account_created_id` ON `checks` (`account_id`,"created_at" desc,`id`);