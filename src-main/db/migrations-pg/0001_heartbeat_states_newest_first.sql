CREATE TABLE "heartbeat_states" (
	"check_num" integer PRIMARY KEY NOT NULL,
	"last_ping_at" bigint,
	"run_started_at" bigint,
	"deadline_at" bigint,
	"failing" boolean DEFAULT false NOT NULL,
	"note" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "checks_account_created";--> statement-breakpoint
ALTER TABLE "heartbeat_states" ADD CONSTRAINT "heartbeat_states_check_num_check_schedule_check_num_fk" FOREIGN KEY ("check_num") REFERENCES "public"."check_schedule"("check_num") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checks_account_created_id" ON "checks" USING btree ("account_id","created_at" desc,"id");