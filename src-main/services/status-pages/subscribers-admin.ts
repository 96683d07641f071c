import { AppError } from '../../core/errors';
import { latestEmailsOfSubscribers } from '../../db/repositories/status-page-emails';
import { deleteSubscriber, findAccountSubscriber, listSubscribers, subscriberCountsOfAccount } from '../../db/repositories/status-page-subscribers';
import type { SubscriberCounts, SubscriberEmailStatus, SubscriberView } from '../../../src-shared/schemas/status-page-public';
import type { ServiceContext } from '../context';
import { accountDelivery } from '../settings';
import { requireStatusPage } from './pages';

/** The console lists at most this many subscribers of a page, newest first. */
export const SUBSCRIBER_LIST_LIMIT = 1000;

export async function listPageSubscribers(ctx: ServiceContext, statusPageId: string): Promise<SubscriberView[]> {
  const page = await requireStatusPage(ctx.db, ctx.accountId, statusPageId);
  const rows = await listSubscribers(ctx.db, page.id, SUBSCRIBER_LIST_LIMIT);
  const latest = await latestEmailsOfSubscribers(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const mail = latest.get(row.id);
    return {
      id: row.id,
      email: row.email,
      status: row.confirmedAt ? 'CONFIRMED' : 'PENDING',
      createdAt: row.createdAt,
      confirmedAt: row.confirmedAt,
      lastEmail: mail
        ? { kind: mail.kind as 'CONFIRM' | 'UPDATE', status: mail.status as SubscriberEmailStatus, at: new Date(mail.createdAt).toISOString(), result: mail.result }
        : null,
    };
  });
}

/** Removes a subscriber of one of the account's pages; mail still queued for it is dropped. */
export async function removeSubscriber(ctx: ServiceContext, id: string): Promise<void> {
  const subscriber = await findAccountSubscriber(ctx.db, ctx.accountId, id);
  if (!subscriber) throw AppError.notFound();
  await deleteSubscriber(ctx.db, subscriber.id);
}

export async function subscriberCounts(ctx: ServiceContext): Promise<SubscriberCounts> {
  return Object.fromEntries((await subscriberCountsOfAccount(ctx.db, ctx.accountId)).map(({ statusPageId, confirmed, pending }) => [statusPageId, { confirmed, pending }]));
}

/** Where public pages are: `<base>/status/<url>`, under the public base URL alert links use too. */
export async function publicStatusBase(ctx: ServiceContext): Promise<{ statusBaseUrl: string }> {
  const base = (await accountDelivery(ctx.db, ctx.keyring, ctx.accountId, ctx.runtime.baseUrl)).settings.publicBaseUrl.replace(/\/+$/, '');
  return { statusBaseUrl: `${base}/status/` };
}
