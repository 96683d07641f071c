import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { insertSubscriberEmail } from '../../db/repositories/status-page-emails';
import {
  confirmSubscriber,
  countPendingSubscribers,
  deleteSubscriber,
  deleteUnconfirmedBefore,
  findSubscriber,
  findSubscriberByEmail,
  findSubscriberById,
  insertSubscriber,
  type SubscriberRow,
} from '../../db/repositories/status-page-subscribers';
import type { SubscribeInput } from '../../../src-shared/schemas/status-page-public';
import type { ServiceDeps } from '../context';
import { findPublicStatusPage } from './public-page';
import { kickSubscriberMail } from './subscriber-mailer';
import { tokenMatches } from './subscriber-tokens';

/** An unconfirmed subscription (and its confirmation link) lasts this long. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Unconfirmed subscriptions one page holds at most: a flood of sign-ups cannot fill the database. */
export const MAX_PENDING_SUBSCRIBERS = 1000;

export type SubscribeOutcome = 'CONFIRMATION_SENT' | 'ALREADY_SUBSCRIBED';

type PublicDeps = Pick<ServiceDeps, 'db' | 'clock' | 'keyring' | 'runtime'>;

function requirePublicPage(deps: PublicDeps, slug: string) {
  const page = findPublicStatusPage(deps.db, slug);
  if (!page) throw AppError.notFound();
  return page;
}

/**
 * Double opt-in: a new address (or one not confirmed yet) gets a confirmation mail and receives
 * incident mail only after following its link. A confirmed address gets nothing more; the visitor
 * is told the same either way, so the form does not reveal who subscribed.
 */
export function subscribe(deps: PublicDeps, slug: string, { email }: SubscribeInput): SubscribeOutcome {
  const outcome = transaction(deps.db, (tx): SubscribeOutcome => {
    const page = requirePublicPage({ ...deps, db: tx }, slug);
    const now = deps.clock.now();
    deleteUnconfirmedBefore(tx, page.id, new Date(now.getTime() - CONFIRMATION_TTL_MS).toISOString());
    let subscriber = findSubscriberByEmail(tx, page.id, email);
    if (subscriber?.confirmedAt) return 'ALREADY_SUBSCRIBED';
    if (!subscriber) {
      if (countPendingSubscribers(tx, page.id) >= MAX_PENDING_SUBSCRIBERS) {
        throw new AppError('rate_limited', 'This page has too many unconfirmed subscriptions right now. Try again in an hour.', { retryAfterSeconds: 3600 });
      }
      subscriber = { id: randomUUID(), statusPageId: page.id, email, createdAt: now.toISOString(), confirmedAt: null };
      insertSubscriber(tx, subscriber);
    }
    insertSubscriberEmail(tx, {
      id: randomUUID(),
      accountId: page.accountId,
      statusPageId: page.id,
      subscriberId: subscriber.id,
      kind: 'CONFIRM',
      incidentUpdateId: null,
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: now.getTime(),
      sendingAt: null,
      sentAt: null,
      result: null,
      createdAt: now.getTime(),
    });
    return 'CONFIRMATION_SENT';
  });
  if (outcome === 'CONFIRMATION_SENT') kickSubscriberMail(deps.runtime);
  return outcome;
}

function subscriberFromLink(deps: PublicDeps, slug: string, purpose: 'confirm' | 'unsubscribe', id: unknown, token: unknown): SubscriberRow | null {
  const page = requirePublicPage(deps, slug);
  if (typeof id !== 'string' || typeof token !== 'string') return null;
  const subscriber = findSubscriber(deps.db, page.id, id);
  return subscriber && tokenMatches(deps.keyring, purpose, subscriber, token) ? subscriber : null;
}

/** Whether a confirmation link is valid (it is shown as a page with a button, so link scanners confirm nothing). */
export function checkConfirmLink(deps: PublicDeps, slug: string, id: unknown, token: unknown): boolean {
  return subscriberFromLink(deps, slug, 'confirm', id, token) !== null;
}

/** Confirms the subscription the link was made for; false when the link is not (or no longer) valid. */
export function confirmSubscription(deps: PublicDeps, slug: string, id: unknown, token: unknown): boolean {
  const subscriber = subscriberFromLink(deps, slug, 'confirm', id, token);
  if (!subscriber) return false;
  confirmSubscriber(deps.db, subscriber.id, deps.clock.now().toISOString());
  return true;
}

/**
 * One-click unsubscribe (the link in every mail and RFC 8058's List-Unsubscribe POST): the
 * subscription and any mail still queued for it are deleted. The link names the subscription, so it
 * keeps working after the page's url changed or the page was unpublished; a used link answers the
 * same, and only a wrong token for an existing subscription is refused.
 */
export function unsubscribe(deps: PublicDeps, id: unknown, token: unknown): 'UNSUBSCRIBED' | 'INVALID_LINK' {
  const subscriber = typeof id === 'string' ? findSubscriberById(deps.db, id) : undefined;
  if (!subscriber) return 'UNSUBSCRIBED';
  if (typeof token !== 'string' || !tokenMatches(deps.keyring, 'unsubscribe', subscriber, token)) return 'INVALID_LINK';
  deleteSubscriber(deps.db, subscriber.id);
  return 'UNSUBSCRIBED';
}
