-- Status pages: a page has ordered cards, each card an ordered list of status page services.
CREATE TABLE `status_page_card_services` (
	`card_id` text NOT NULL,
	`service_id` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`card_id`) REFERENCES `status_page_cards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `status_page_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `status_page_card_services_pair` ON `status_page_card_services` (`card_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `status_page_card_services_service` ON `status_page_card_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `status_page_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`status_page_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`status_page_id`) REFERENCES `status_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_page_cards_page` ON `status_page_cards` (`status_page_id`,`position`);--> statement-breakpoint
CREATE TABLE `status_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`custom_domain` text,
	`logo` text,
	`favicon` text,
	`redirect_to` text,
	`default_theme` text NOT NULL,
	`is_private` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `status_pages_url` ON `status_pages` (`url`);--> statement-breakpoint
CREATE INDEX `status_pages_account_created` ON `status_pages` (`account_id`,`created_at`);