-- Issue 29: a deploy's new checks are written in slices before its commit, invisible until the
-- commit publishes them by deleting one row. The rows move to `check_rows` (SQLite rewrites the
-- foreign keys, indexes and triggers that name the table) and gain `staged_by`, the deploy's row
-- in `staged_deploys`; every reader keeps reading `checks`, now a view of the rows no unpublished
-- deploy holds back. The Dashboard's covering index carries `staged_by`, so its counts stay
-- index-only through the view's filter.
ALTER TABLE `checks` RENAME TO `check_rows`;
--> statement-breakpoint
ALTER TABLE `check_rows` ADD `staged_by` text;
--> statement-breakpoint
CREATE TABLE `staged_deploys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `checks_account_health`;
--> statement-breakpoint
CREATE INDEX `checks_account_health` ON `check_rows` (`account_id`,`activated`,`name`,`id`,`staged_by`);
--> statement-breakpoint
CREATE INDEX `check_rows_staged` ON `check_rows` (`staged_by`) WHERE "check_rows"."staged_by" is not null;
--> statement-breakpoint
CREATE VIEW `checks` AS SELECT `id`, `account_id`, `check_type`, `name`, `name_folded`, `activated`, `muted`, `group_id`, `tags`, `body`, `created_at`, `updated_at` FROM `check_rows` WHERE `staged_by` IS NULL OR `staged_by` NOT IN (SELECT `id` FROM `staged_deploys`);
