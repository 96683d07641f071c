-- Status page subscribers: the mailbox each address delivers to (aliases count as one) and a keyed hash of the client address that signed up, for the per-source limits; sightline_mailbox is registered by openDb before migrating.
ALTER TABLE `status_page_subscribers` ADD `mailbox` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `status_page_subscribers` ADD `source` text;--> statement-breakpoint
UPDATE `status_page_subscribers` SET `mailbox` = sightline_mailbox(`email`);--> statement-breakpoint
CREATE INDEX `status_page_subscribers_page_mailbox` ON `status_page_subscribers` (`status_page_id`,`mailbox`);--> statement-breakpoint
CREATE INDEX `status_page_subscribers_pending_source` ON `status_page_subscribers` (`status_page_id`,`source`,`created_at`) WHERE confirmed_at is null;--> statement-breakpoint
CREATE INDEX `status_page_subscribers_pending_created` ON `status_page_subscribers` (`created_at`) WHERE confirmed_at is null;--> statement-breakpoint
CREATE INDEX `status_page_emails_page_kind` ON `status_page_emails` (`status_page_id`,`kind`,`created_at`);