import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import type { Db } from '../../db/connection';
import { confirmationsOfPageSince, confirmationsOfSubscriber } from '../../db/repositories/status-page-emails';
import { countPendingSubscribers, evictPendingOfBiggestSource, pendingFromSource } from '../../db/repositories/status-page-subscribers';

const HOUR_MS = 60 * 60 * 1000;

/** An unconfirmed subscription (and its confirmation link) lasts this long, expiring at created + TTL: a day to find the mail, not a week of held junk. */
export const CONFIRMATION_TTL_MS = 24 * HOUR_MS;
/** Unconfirmed subscriptions one page holds; past it the flood's own oldest make room, nobody is refused. */
export const MAX_PENDING_SUBSCRIBERS = 1000;
/** Unconfirmed subscriptions one client address may hold on one page; confirming one frees its place. */
export const MAX_PENDING_PER_SOURCE = 10;
/** Confirmation mails one page sends per hour to addresses whose source already holds an unconfirmed subscription there. */
export const PAGE_CONFIRMATIONS_PER_HOUR = 100;
export const PAGE_CONFIRMATIONS_WINDOW_MS = HOUR_MS;
/** A pending subscription's confirmation is sent again at most this often, and at most this many times in all. */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;
export const MAX_CONFIRMATIONS_PER_SUBSCRIPTION = 3;

/** Whole seconds until `until` (when the limit no longer holds), at least one. */
function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** What the per-source limits count by: a keyed hash of the client address, so no address is stored. */
export function sourceKey(keyring: Keyring, clientAddress: string): string {
  return keyring.mac(`status page subscriber source v1\n${clientAddress}`).slice(0, 32);
}

/**
 * Refuses (429) a client address that may not sign up on this page now, whatever address it posts,
 * so the answer tells nothing about who is subscribed. A source holding nothing unconfirmed here is
 * always let through: someone else's flood, however many addresses it comes from, never locks out a
 * new visitor; the page's hourly mail budget binds only the sources that already hold sign-ups.
 */
export async function admitSource(db: Db, statusPageId: string, source: string, now: number): Promise<void> {
  const held = await pendingFromSource(db, statusPageId, source);
  if (held.count >= MAX_PENDING_PER_SOURCE) {
    const retryAfterSeconds = secondsUntil(Date.parse(held.oldest ?? '') + CONFIRMATION_TTL_MS, now);
    throw new AppError(
      'rate_limited',
      `Too many unconfirmed subscriptions from your address on this page: at most ${MAX_PENDING_PER_SOURCE} at a time. Confirm one from its email, or try again in ${retryAfterSeconds} s.`,
      { rule: 'unconfirmed-per-address', limit: MAX_PENDING_PER_SOURCE, retryAfterSeconds },
    );
  }
  if (held.count === 0) return;
  const sent = await confirmationsOfPageSince(db, statusPageId, now - PAGE_CONFIRMATIONS_WINDOW_MS);
  if (sent.count >= PAGE_CONFIRMATIONS_PER_HOUR) {
    const retryAfterSeconds = secondsUntil((sent.oldest ?? now) + PAGE_CONFIRMATIONS_WINDOW_MS, now);
    throw new AppError(
      'rate_limited',
      `This page has sent its ${PAGE_CONFIRMATIONS_PER_HOUR} confirmation emails for the hour, and your address already has an unconfirmed subscription here. Confirm it from its email, or try again in ${retryAfterSeconds} s.`,
      { rule: 'confirmations-per-page', limit: PAGE_CONFIRMATIONS_PER_HOUR, retryAfterSeconds },
    );
  }
}

/** Whether a pending subscription may get its confirmation again: not within minutes of the last, and only a few times. */
export async function mayResendConfirmation(db: Db, subscriberId: string, now: number): Promise<boolean> {
  const sent = await confirmationsOfSubscriber(db, subscriberId);
  return sent.count < MAX_CONFIRMATIONS_PER_SUBSCRIPTION && (sent.latest === null || sent.latest <= now - CONFIRMATION_RESEND_MS);
}

/** Makes room for one more unconfirmed subscription, taking it from the source that holds the most. */
export async function makeRoomForPending(db: Db, statusPageId: string): Promise<void> {
  while (await countPendingSubscribers(db, statusPageId) >= MAX_PENDING_SUBSCRIBERS) {
    if (!await evictPendingOfBiggestSource(db, statusPageId)) return;
  }
}
