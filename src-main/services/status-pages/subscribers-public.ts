import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { lockRowsForUpdate } from '../../db/row-locks';
import { insertSubscriberEmail } from '../../db/repositories/status-page-emails';
import {
  confirmSubscriber,
  deleteSubscriber,
  deleteUnconfirmedUpTo,
  findSubscriber,
  findSubscriberById,
  findSubscriberByMailbox,
  insertSubscriber,
  type SubscriberRow,
} from '../../db/repositories/status-page-subscribers';
import { mailboxOf } from '../../../src-shared/rules/mailbox';
import type { SubscribeInput } from '../../../src-shared/schemas/status-page-public';
import type { ServiceDeps } from '../context';
import { findPublicStatusPage } from './public-page';
import { kickSubscriberMail } from './subscriber-mail-kick';
import { admitSource, CONFIRMATION_TTL_MS, makeRoomForPending, mayResendConfirmation, sourceKey } from './subscription-limits';
import { tokenMatches } from './subscriber-tokens';

export type SubscribeOutcome = 'CONFIRMATION_SENT' | 'CONFIRMATION_PENDING' | 'ALREADY_SUBSCRIBED';

type PublicDeps = Pick<ServiceDeps, 'db' | 'clock' | 'keyring' | 'runtime'>;

async function requirePublicPage(deps: PublicDeps, slug: string) {
  const page = await findPublicStatusPage(deps.db, slug);
  if (!page) throw AppError.notFound();
  return page;
}

function isExpired(subscriber: SubscriberRow, now: number): boolean {
  return !subscriber.confirmedAt && Date.parse(subscriber.createdAt) <= now - CONFIRMATION_TTL_MS;
}

/**
 * Double opt-in: a new mailbox (or one not confirmed yet) gets a confirmation mail and receives
 * incident mail only after following its link. Aliases of one mailbox (`name+tag`, case, Gmail's
 * dots) are one subscription. A confirmed mailbox gets nothing more, a pending one its mail again
 * only now and then; the visitor is told the same either way, so the form does not reveal who
 * subscribed. `clientAddress` is the address the request came from, as the request limits count it.
 */
export async function subscribe(deps: PublicDeps, slug: string, { email }: SubscribeInput, clientAddress: string): Promise<SubscribeOutcome> {
  const outcome = await transaction(deps.db, async (tx): Promise<SubscribeOutcome> => {
    const page = await requirePublicPage({ ...deps, db: tx }, slug);
    // The page is the scope of every count below (flood limits, one subscription per mailbox):
    // sign-ups to one page take turns on its row, on whichever server they arrive.
    await lockRowsForUpdate(tx, 'status_pages', 'id', [page.id]);
    const now = deps.clock.now();
    await deleteUnconfirmedUpTo(tx, page.id, new Date(now.getTime() - CONFIRMATION_TTL_MS).toISOString());
    const source = sourceKey(deps.keyring, clientAddress);
    await admitSource(tx, page.id, source, now.getTime());
    const mailbox = mailboxOf(email);
    let subscriber = await findSubscriberByMailbox(tx, page.id, mailbox);
    if (subscriber?.confirmedAt) return 'ALREADY_SUBSCRIBED';
    if (subscriber && !await mayResendConfirmation(tx, subscriber.id, now.getTime())) return 'CONFIRMATION_PENDING';
    if (!subscriber) {
      await makeRoomForPending(tx, page.id);
      subscriber = { id: randomUUID(), statusPageId: page.id, email, mailbox, source, createdAt: now.toISOString(), confirmedAt: null };
      await insertSubscriber(tx, subscriber);
    }
    await insertSubscriberEmail(tx, {
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

async function subscriberFromLink(deps: PublicDeps, slug: string, purpose: 'confirm' | 'unsubscribe', id: unknown, token: unknown): Promise<SubscriberRow | null> {
  const page = await requirePublicPage(deps, slug);
  if (typeof id !== 'string' || typeof token !== 'string') return null;
  const subscriber = await findSubscriber(deps.db, page.id, id);
  if (!subscriber || !tokenMatches(deps.keyring, purpose, subscriber, token)) return null;
  // A confirmation link dies with its subscription, even before the prune gets to the row.
  return purpose === 'confirm' && isExpired(subscriber, deps.clock.now().getTime()) ? null : subscriber;
}

/** Whether a confirmation link is valid (it is shown as a page with a button, so link scanners confirm nothing). */
export async function checkConfirmLink(deps: PublicDeps, slug: string, id: unknown, token: unknown): Promise<boolean> {
  return await subscriberFromLink(deps, slug, 'confirm', id, token) !== null;
}

/** Confirms the subscription the link was made for; false when the link is not (or no longer) valid. */
export async function confirmSubscription(deps: PublicDeps, slug: string, id: unknown, token: unknown): Promise<boolean> {
  const subscriber = await subscriberFromLink(deps, slug, 'confirm', id, token);
  if (!subscriber) return false;
  await confirmSubscriber(deps.db, subscriber.id, deps.clock.now().toISOString());
  return true;
}

/**
 * One-click unsubscribe (the link in every mail and RFC 8058's List-Unsubscribe POST): the
 * subscription and any mail still queued for it are deleted. The link names the subscription, so it
 * keeps working after the page's url changed or the page was unpublished; a used link answers the
 * same, and only a wrong token for an existing subscription is refused.
 */
export async function unsubscribe(deps: PublicDeps, id: unknown, token: unknown): Promise<'UNSUBSCRIBED' | 'INVALID_LINK'> {
  const subscriber = typeof id === 'string' ? await findSubscriberById(deps.db, id) : undefined;
  if (!subscriber) return 'UNSUBSCRIBED';
  if (typeof token !== 'string' || !tokenMatches(deps.keyring, 'unsubscribe', subscriber, token)) return 'INVALID_LINK';
  await deleteSubscriber(deps.db, subscriber.id);
  return 'UNSUBSCRIBED';
}
