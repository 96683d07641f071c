import { AppError } from '../../core/errors';
import { listAllAlertChannels } from '../../db/repositories/alert-channels';
import { findCheck } from '../../db/repositories/checks';
import { countNotifications, findNotification, listNotifications, type NotificationFilter } from '../../db/repositories/notifications';
import { notificationWindow } from '../../../src-shared/rules/notifications';
import type { AlertNotificationDetail, AlertNotificationQuery, NamedAlertNotification } from '../../../src-shared/schemas/alert-notification';
import type { ServiceContext } from '../context';
import { toNotificationDetail } from './read-shape';

export interface NotificationPage {
  items: AlertNotificationDetail[];
  total: number;
  page: number;
  limit: number;
  /** The window used, UNIX seconds: from inclusive, to exclusive. */
  from: number;
  to: number;
}

/**
 * The account's notifications in a window of at most 24 hours (spec 4.9), newest first. They are
 * placed in time by when they were recorded; `hasFailures` keeps FAILURE, RATE_LIMITED and
 * IN_PROGRESS rows whose last attempt failed (still being retried).
 */
export async function listAlertNotifications(ctx: ServiceContext, query: AlertNotificationQuery): Promise<NotificationPage> {
  const nowMs = ctx.clock.now().getTime();
  const window = notificationWindow(query.from, query.to, Math.floor(nowMs / 1000));
  if (!window.ok) throw new AppError('validation', window.message);
  const filter: NotificationFilter = {
    accountId: ctx.accountId,
    from: window.from * 1000,
    // "Neither given" ends now: what was recorded this very moment is listed too.
    to: query.from === undefined && query.to === undefined ? nowMs + 1 : window.to * 1000,
    alertChannelId: query.alertChannelId,
    failuresOnly: query.hasFailures === true,
  };
  const rows = await listNotifications(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  return { items: rows.map(toNotificationDetail), total: await countNotifications(ctx.db, filter), page: query.page, limit: query.limit, from: window.from, to: window.to };
}

export async function getAlertNotification(ctx: ServiceContext, id: string): Promise<AlertNotificationDetail> {
  const row = await findNotification(ctx.db, id);
  if (!row || row.accountId !== ctx.accountId) throw AppError.notFound();
  return toNotificationDetail(row);
}

/**
 * The console's list and detail: each notification with its channel's and its check's names as
 * they are now, so the log reads "Ops webhook" and "Checkout API" rather than "#1" and a uuid.
 */
export async function nameNotifications(ctx: ServiceContext, items: readonly AlertNotificationDetail[]): Promise<NamedAlertNotification[]> {
  const channels = new Map((await listAllAlertChannels(ctx.db, ctx.accountId)).map((channel) => [channel.id, channel]));
  const checkNames = new Map<string, string | null>();
  const checkName = async (id: string) => {
    if (!checkNames.has(id)) checkNames.set(id, (await findCheck(ctx.db, ctx.accountId, id))?.name ?? null);
    return checkNames.get(id) ?? null;
  };
  return await Promise.all(items.map(async (item) => {
    const channel = channels.get(item.alertChannelId);
    const name = channel?.body.config.name;
    return {
      ...item,
      channelName: typeof name === 'string' && name.trim() !== '' ? name : null,
      channelExists: channel !== undefined,
      checkName: item.checkId ? await checkName(item.checkId) : null,
    };
  }));
}

export interface NamedNotificationPage extends Omit<NotificationPage, 'items'> {
  items: NamedAlertNotification[];
}

export async function listNamedAlertNotifications(ctx: ServiceContext, query: AlertNotificationQuery): Promise<NamedNotificationPage> {
  const page = await listAlertNotifications(ctx, query);
  return { ...page, items: await nameNotifications(ctx, page.items) };
}

export async function getNamedAlertNotification(ctx: ServiceContext, id: string): Promise<NamedAlertNotification> {
  return (await nameNotifications(ctx, [await getAlertNotification(ctx, id)]))[0];
}
