-- Check names folded to lower case (JavaScript's folding, any script) in an indexed column, so name search runs in SQL; sightline_fold is registered by openDb before migrating.
ALTER TABLE `checks` ADD `name_folded` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `checks` SET `name_folded` = sightline_fold(`name`);--> statement-breakpoint
CREATE INDEX `checks_account_name_folded` ON `checks` (`account_id`,`name_folded`);
