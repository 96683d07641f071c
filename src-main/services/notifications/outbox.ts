import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { lockRowsForUpdate } from '../../db/row-locks';
import type { AlertChannelRow } from '../../db/repositories/alert-channels';
import { insertCheckAlert } from '../../db/repositories/alerts';
import { channelBudgetUse, findOpenDigest, finishClaimedNotification, insertNotification, type AlertNotificationRow } from '../../db/repositories/notifications';
import type { AlertType } from '../../notify/types';
import type { Keyring } from '../../core/keyring';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';
import { storedBodyOf } from '../alert-channels';
import { sealedChannelConfig } from '../secrets';

export interface OutboxEntry {
  accountId: string;
  checkAlertId: string;
  alertType: AlertType;
  checkId: string | null;
  checkType: string | null;
  checkResultId: string | null;
}

export interface ChannelRateLimit {
  max: number;
  windowMinutes: number;
}

const windowMsOf = (rateLimit: ChannelRateLimit) => rateLimit.windowMinutes * 60_000;

/**
 * When the channel's budget has room for one more notification (now, or when the oldest use that
 * fills it leaves the window); `digestId`: the digest asking, whose own attempt is not counted.
 */
export async function budgetFreesAt(tx: Db, channelId: number, rateLimit: ChannelRateLimit, now: number, digestId?: string): Promise<number> {
  const uses = await channelBudgetUse(tx, channelId, now - windowMsOf(rateLimit), digestId);
  if (uses.length < rateLimit.max) return now;
  return (uses[uses.length - rateLimit.max] as number) + windowMsOf(rateLimit);
}

async function overBudget(tx: Db, channelId: number, rateLimit: ChannelRateLimit, now: number): Promise<boolean> {
  return (await channelBudgetUse(tx, channelId, now - windowMsOf(rateLimit))).length >= rateLimit.max;
}

/** Held until the caller's transaction ends (row-locks.ts); callers lock channels in id order. */
async function lockChannel(tx: Db, channelId: number): Promise<void> {
  await lockRowsForUpdate(tx, 'alert_channels', 'id', [channelId]);
}

/**
 * A claimed digest whose channel's budget has no room yet (the clock moved, settings changed) goes
 * back to waiting, still open, due when the budget has room: 'wait'. 'send' when there is room now.
 * Counted under the channel's lock, as enqueues count; the write is conditional on the claim, so
 * 'lost' when another attempt owns the digest now (it is not sent by this one either).
 */
export async function holdDigestForBudget(db: Db, digest: Pick<AlertNotificationRow, 'id' | 'alertChannelId' | 'sendingAt'>, rateLimit: ChannelRateLimit, now: number): Promise<'send' | 'wait' | 'lost'> {
  const claimedAt = digest.sendingAt;
  if (claimedAt === null) return 'lost';
  return await transaction(db, async (tx) => {
    await lockChannel(tx, digest.alertChannelId);
    const freesAt = await budgetFreesAt(tx, digest.alertChannelId, rateLimit, now, digest.id);
    if (freesAt <= now) return 'send';
    return (await finishClaimedNotification(tx, digest.id, claimedAt, { attempts: 0, sendingAt: null, nextAttemptAt: freesAt })) ? 'wait' : 'lost';
  });
}

/** The channel's open digest, or a new one, due when the budget has room; its message is written when it is sent. */
async function openDigest(tx: Db, keyring: Keyring, channel: AlertChannelRow, accountId: string, rateLimit: ChannelRateLimit, now: number): Promise<AlertNotificationRow> {
  const open = await findOpenDigest(tx, channel.id);
  if (open) return open;
  const checkAlertId = randomUUID();
  await insertCheckAlert(tx, { id: checkAlertId, accountId, checkId: null, alertType: 'DIGEST', checkSessionId: null, checkResultId: null, muted: false, event: { alertType: 'DIGEST' }, createdAt: now, repeatOf: null });
  const config = storedBodyOf(channel).config;
  const digest: AlertNotificationRow = {
    id: randomUUID(),
    accountId,
    checkAlertId,
    alertChannelId: channel.id,
    type: channel.type,
    alertType: 'DIGEST',
    status: 'IN_PROGRESS',
    alertConfig: redactChannelConfig(channel.type, config),
    sealedConfig: sealedChannelConfig(keyring, channel.type, config),
    notificationResult: `Waiting for the channel's budget of ${rateLimit.max} notifications per ${rateLimit.windowMinutes} minutes`,
    checkId: null,
    checkType: null,
    checkResultId: null,
    attempts: 0,
    nextAttemptAt: await budgetFreesAt(tx, channel.id, rateLimit, now),
    sendingAt: null,
    sentAt: null,
    createdAt: now,
    digestId: null,
  };
  await insertNotification(tx, digest);
  return digest;
}

/**
 * Writes one notification for one channel inside the caller's transaction (the outbox). Within the
 * channel's budget it is IN_PROGRESS and due now; the dispatcher delivers it after the commit. Over
 * the budget (or while the channel has a digest waiting, so nothing overtakes what waits) it is
 * never dropped: it joins the channel's open digest, which goes out as
 * one notification when the budget has room, and ends as that digest ends. The row keeps the
 * channel config twice: as clients see it (`alertConfig`, no credentials) and sealed, for delivery only.
 */
export async function enqueueNotification(tx: Db, keyring: Keyring, channel: AlertChannelRow, entry: OutboxEntry, rateLimit: ChannelRateLimit, now: number): Promise<AlertNotificationRow> {
  // Several servers enqueue for one channel (team mode): its row is the queue they wait in, so the
  // budget is counted and a digest opened by one of them at a time, each seeing the others' rows.
  await lockChannel(tx, channel.id);
  const config = storedBodyOf(channel).config;
  const digest = await findOpenDigest(tx, channel.id) ?? (await overBudget(tx, channel.id, rateLimit, now) ? await openDigest(tx, keyring, channel, entry.accountId, rateLimit, now) : undefined);
  const row: AlertNotificationRow = {
    id: randomUUID(),
    accountId: entry.accountId,
    checkAlertId: entry.checkAlertId,
    alertChannelId: channel.id,
    type: channel.type,
    alertType: entry.alertType,
    status: 'IN_PROGRESS',
    alertConfig: redactChannelConfig(channel.type, config),
    sealedConfig: digest ? null : sealedChannelConfig(keyring, channel.type, config),
    notificationResult: digest ? `Over the channel's budget of ${rateLimit.max} notifications per ${rateLimit.windowMinutes} minutes: goes out in digest ${digest.id}` : null,
    checkId: entry.checkId,
    checkType: entry.checkType,
    checkResultId: entry.checkResultId,
    attempts: 0,
    // Carried by its digest: never due on its own.
    nextAttemptAt: digest ? null : now,
    sendingAt: null,
    sentAt: null,
    createdAt: now,
    digestId: digest?.id ?? null,
  };
  await insertNotification(tx, row);
  return row;
}
