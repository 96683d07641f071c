import type { AlertNotificationRow } from '../../db/repositories/notifications';
import type { CheckType } from '../../../src-shared/enums';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';
import type { AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import type { AlertNotification, AlertNotificationDetail, NotificationStatus } from '../../../src-shared/schemas/alert-notification';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toNotificationView(row: AlertNotificationRow): AlertNotification {
  return {
    id: row.id,
    type: row.type as AlertChannelType,
    status: row.status as NotificationStatus,
    // Stored without credentials already; redacting again also covers rows written before that.
    alertConfig: redactChannelConfig(row.type, row.alertConfig),
    notificationResult: row.notificationResult,
    timestamp: iso(row.sentAt),
    ...(row.checkType === null ? {} : { checkType: row.checkType as CheckType }),
    ...(row.checkId === null ? {} : { checkId: row.checkId }),
    checkAlertId: row.checkAlertId,
    alertChannelId: row.alertChannelId,
    ...(row.checkResultId === null ? {} : { checkResultId: row.checkResultId }),
  };
}

export function toNotificationDetail(row: AlertNotificationRow): AlertNotificationDetail {
  return { ...toNotificationView(row), alertType: row.alertType, attempts: row.attempts, createdAt: new Date(row.createdAt).toISOString(), digestId: row.digestId };
}
