-- Public status pages: a published flag per page, the checks behind each service, email subscribers and their mail outbox.
CREATE TABLE `status_page_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status_page_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`kind` text NOT NULL,
	`incident_update_id` text,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer,
	`sending_at` integer,
	`sent_at` integer,
	`result` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_page_id`) REFERENCES `status_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `status_page_subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`incident_update_id`) REFERENCES `incident_updates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_page_emails_due` ON `status_page_emails` (`next_attempt_at`) WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX `status_page_emails_subscriber` ON `status_page_emails` (`subscriber_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `status_page_emails_page` ON `status_page_emails` (`status_page_id`);--> statement-breakpoint
CREATE INDEX `status_page_emails_update` ON `status_page_emails` (`incident_update_id`);--> statement-breakpoint
CREATE INDEX `status_page_emails_created` ON `status_page_emails` (`created_at`);--> statement-breakpoint
CREATE TABLE `status_page_service_checks` (
	`service_id` text NOT NULL,
	`check_id` text NOT NULL,
	PRIMARY KEY(`service_id`, `check_id`),
	FOREIGN KEY (`service_id`) REFERENCES `status_page_services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_id`) REFERENCES `checks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_page_service_checks_check` ON `status_page_service_checks` (`check_id`);--> statement-breakpoint
CREATE TABLE `status_page_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`status_page_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` text NOT NULL,
	`confirmed_at` text,
	FOREIGN KEY (`status_page_id`) REFERENCES `status_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `status_page_subscribers_page_email` ON `status_page_subscribers` (`status_page_id`,`email`);--> statement-breakpoint
ALTER TABLE `status_pages` ADD `published` integer DEFAULT false NOT NULL;