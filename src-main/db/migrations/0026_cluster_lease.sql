CREATE TABLE `cluster_lease` (
	`id` integer PRIMARY KEY NOT NULL,
	`leader_node_id` text,
	`term` integer DEFAULT 0 NOT NULL,
	`acquired_at` integer DEFAULT 0 NOT NULL,
	`renewed_at` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cluster_nodes` (
	`node_id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`version` text NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
