ALTER TABLE `check_alerts` ADD `repeat_of` text;--> statement-breakpoint
-- Rows stored before the key existed may repeat one state change (two servers judged it at once):
-- every repeat is kept and points at the first (oldest) alert it repeats, outside the key.
UPDATE check_alerts SET repeat_of = (
  SELECT kept.id FROM check_alerts kept
  WHERE kept.check_id = check_alerts.check_id AND kept.check_session_id = check_alerts.check_session_id AND kept.alert_type = check_alerts.alert_type
  ORDER BY kept.created_at, kept.id LIMIT 1
)
WHERE check_id IS NOT NULL AND check_session_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM check_alerts earlier
  WHERE earlier.check_id = check_alerts.check_id AND earlier.check_session_id = check_alerts.check_session_id AND earlier.alert_type = check_alerts.alert_type
    AND (earlier.created_at < check_alerts.created_at OR (earlier.created_at = check_alerts.created_at AND earlier.id < check_alerts.id))
);--> statement-breakpoint
CREATE UNIQUE INDEX `check_alerts_state_change` ON `check_alerts` (`check_id`,`check_session_id`,`alert_type`) WHERE check_id is not null and check_session_id is not null and repeat_of is null;--> statement-breakpoint
CREATE INDEX `alert_notifications_line` ON `alert_notifications` (`alert_channel_id`,`check_id`,`next_attempt_at`) WHERE status = 'IN_PROGRESS';