-- Account-level environment variables (GET/POST /v1/variables); a secret's value is stored sealed.
CREATE TABLE `account_variables` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`locked` integer NOT NULL,
	`secret` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
