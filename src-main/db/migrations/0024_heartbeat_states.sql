CREATE TABLE `heartbeat_states` (
	`check_num` integer PRIMARY KEY NOT NULL,
	`last_ping_at` integer,
	`run_started_at` integer,
	`deadline_at` integer,
	`failing` integer DEFAULT false NOT NULL,
	`note` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`check_num`) REFERENCES `check_schedule`(`check_num`) ON UPDATE no action ON DELETE cascade
);
