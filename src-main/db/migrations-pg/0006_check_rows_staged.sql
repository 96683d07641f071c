-- Issue 29: a deploy's new checks are written in slices, invisible until its commit publishes them
-- by deleting one row of "staged_deploys" (SQLite migration 0029 does the same). The rows move to
-- "check_rows" with "staged_by"; readers keep reading "checks", now a view of the rows no
-- unpublished deploy holds back. Constraint names follow the table's.
ALTER TABLE "checks" RENAME TO "check_rows";
--> statement-breakpoint
ALTER TABLE "check_rows" ADD COLUMN "staged_by" text;
--> statement-breakpoint
ALTER TABLE "check_rows" RENAME CONSTRAINT "checks_account_id_accounts_id_fk" TO "check_rows_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" RENAME CONSTRAINT "alert_subscriptions_check_id_checks_id_fk" TO "alert_subscriptions_check_id_check_rows_id_fk";
--> statement-breakpoint
ALTER TABLE "check_alert_states" RENAME CONSTRAINT "check_alert_states_check_id_checks_id_fk" TO "check_alert_states_check_id_check_rows_id_fk";
--> statement-breakpoint
ALTER TABLE "check_schedule" RENAME CONSTRAINT "check_schedule_check_id_checks_id_fk" TO "check_schedule_check_id_check_rows_id_fk";
--> statement-breakpoint
ALTER TABLE "status_page_service_checks" RENAME CONSTRAINT "status_page_service_checks_check_id_checks_id_fk" TO "status_page_service_checks_check_id_check_rows_id_fk";
--> statement-breakpoint
CREATE TABLE "staged_deploys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staged_deploys" ADD CONSTRAINT "staged_deploys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "checks_account_health";
--> statement-breakpoint
CREATE INDEX "checks_account_health" ON "check_rows" USING btree ("account_id","activated","name","id","staged_by");
--> statement-breakpoint
CREATE INDEX "check_rows_staged" ON "check_rows" USING btree ("staged_by") WHERE "check_rows"."staged_by" is not null;
--> statement-breakpoint
CREATE VIEW "checks" AS SELECT "id", "account_id", "check_type", "name", "name_folded", "activated", "muted", "group_id", "tags", "body", "created_at", "updated_at" FROM "check_rows" WHERE "staged_by" IS NULL OR "staged_by" NOT IN (SELECT "id" FROM "staged_deploys");
