import type { Db } from '../../db/connection';
import { findCheckAlert } from '../../db/repositories/alerts';
import { listDigestItems, type AlertNotificationRow } from '../../db/repositories/notifications';
import { statusWord } from '../../notify/describe';
import { ALERT_TYPES, type AlertEvent, type AlertType, type DigestItem } from '../../notify/types';

const NOTIFICATIONS_ROUTE = '/notifications';

function alertTypeOf(value: string): AlertType | null {
  return (ALERT_TYPES as readonly string[]).includes(value) ? (value as AlertType) : null;
}

/**
 * The message of a DIGEST notification, written when it is sent from the notifications it carries:
 * each monitor once, in the order it first came over the budget, with its latest state and how
 * many notifications of it the digest carries (so one that keeps changing takes one line, and a
 * monitor that had not alerted yet is never pushed out by it). Links to the notification log.
 */
export async function digestEvent(db: Db, digest: AlertNotificationRow, now: Date): Promise<Omit<AlertEvent, 'notificationId'>> {
  const items = new Map<string, DigestItem>();
  for (const row of await listDigestItems(db, digest.id)) {
    const event = (await findCheckAlert(db, row.accountId, row.checkAlertId))?.event;
    const name = typeof event?.checkName === 'string' ? event.checkName : 'a deleted monitor';
    const type = alertTypeOf(row.alertType);
    const status = type ? statusWord(type) : row.alertType;
    const key = row.checkId ?? `alert:${row.checkAlertId}`;
    const seen = items.get(key);
    items.set(key, { name, status, notifications: (seen?.notifications ?? 0) + 1 });
  }
  return {
    alertType: 'DIGEST',
    checkId: '',
    checkName: 'Sightline digest',
    // A digest is about no one check; the type only fills the message's "Check type" line.
    checkType: 'ICMP',
    checkResultId: null,
    resultLink: NOTIFICATIONS_ROUTE,
    runLocation: null,
    responseTime: null,
    startedAt: null,
    errorMessage: null,
    tags: [],
    groupName: null,
    accountId: digest.accountId,
    occurredAt: now.toISOString(),
    digest: { count: items.size, items: [...items.values()] },
  };
}
