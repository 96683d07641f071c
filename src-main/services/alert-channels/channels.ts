import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { countAlertChannels, deleteAlertChannel, findAlertChannel, insertAlertChannel, listAlertChannelPage, replaceAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannel } from '../../db/repositories/alert-subscriptions';
import { AlertChannelCreate, type AlertChannelRead, type AlertChannelUpdate } from '../../../src-shared/schemas/alert-channel';
import type { PageQuery } from '../../../src-shared/schemas/paging';
import type { ServiceContext } from '../context';
import { openChannelConfig, resolveChannelConfig, sealChannelConfig } from '../secrets';
import { parseOrThrow } from '../validation';
import { storedBodyOf, toAlertChannelView, toAlertChannelViews } from './read-shape';
import { projectMembersOfOne } from '../project-bindings';
import { channelIdOf, columnsOf, findOrNotFound, storedSettings } from './store';
import { assertSubscriptionTargets, keepSubscriptionTargets, lockChannel, replaceSubscriptions } from './subscriptions';

export interface AlertChannelPage {
  items: AlertChannelRead[];
  total: number;
  page: number;
  limit: number;
}

export async function listAlertChannels(ctx: ServiceContext, query: PageQuery): Promise<AlertChannelPage> {
  const rows = await listAlertChannelPage(ctx.db, ctx.accountId, query.limit, (query.page - 1) * query.limit);
  const total = await countAlertChannels(ctx.db, ctx.accountId);
  return { items: await toAlertChannelViews(ctx.db, rows), total, page: query.page, limit: query.limit };
}

export async function getAlertChannel(ctx: ServiceContext, rawId: string | number): Promise<AlertChannelRead> {
  const row = findOrNotFound(await findAlertChannel(ctx.db, ctx.accountId, channelIdOf(rawId)));
  return toAlertChannelView(row, await subscriptionsOfChannel(ctx.db, row.id), await projectMembersOfOne(ctx.db, ctx.accountId, 'alert-channel', row.id));
}

/** Channels have no plan limit, so unlike check creates this never answers 402. */
export async function createAlertChannel(ctx: ServiceContext, body: AlertChannelCreate): Promise<AlertChannelRead> {
  const { subscriptions, ...parsed } = body;
  // A mask has no stored value to stand for here: 400.
  resolveChannelConfig(parsed.type, parsed.config, null);
  const settings = { ...parsed, config: sealChannelConfig(ctx.keyring, parsed.type, parsed.config) } as typeof parsed;
  return await transaction(ctx.db, async (tx) => {
    await assertSubscriptionTargets(tx, ctx.accountId, subscriptions, (i) => `subscriptions[${i}]`);
    const row = await insertAlertChannel(tx, {
      accountId: ctx.accountId,
      ...columnsOf(settings),
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: null,
    });
    await replaceSubscriptions(tx, ctx.accountId, row.id, subscriptions);
    return toAlertChannelView(row, await subscriptionsOfChannel(tx, row.id));
  });
}

/**
 * PUT: type and config are required and replace the stored ones whole (so a type change never keeps
 * the old type's config); other members left out keep their value; `subscriptions`, when given,
 * becomes the channel's whole set. The merged channel is validated again; a rejected PUT changes nothing.
 */
export async function updateAlertChannel(ctx: ServiceContext, rawId: string | number, patch: AlertChannelUpdate): Promise<AlertChannelRead> {
  const id = channelIdOf(rawId);
  return await transaction(ctx.db, async (tx) => {
    // The channel's row before it is read (what it names first): a PUT on another server merges over this one.
    if (patch.subscriptions !== undefined) await keepSubscriptionTargets(tx, patch.subscriptions);
    await lockChannel(tx, id);
    const existing = findOrNotFound(await findAlertChannel(tx, ctx.accountId, id));
    const merged: Record<string, unknown> = storedSettings(existing);
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined && key !== 'subscriptions') merged[key] = value;
    }
    // Credentials left out or sent back masked keep the stored ones (same type, same URL origin).
    const storedPlain = existing.type === patch.type ? openChannelConfig(ctx.keyring, existing.type, storedBodyOf(existing).config) : null;
    merged.config = resolveChannelConfig(patch.type, patch.config, storedPlain);
    // The merged channel is built here, not by the transport: it is checked as a whole.
    const { subscriptions: _none, ...parsed } = parseOrThrow(AlertChannelCreate, merged);
    const settings = { ...parsed, config: sealChannelConfig(ctx.keyring, parsed.type, parsed.config) } as typeof parsed;
    if (patch.subscriptions !== undefined) {
      await assertSubscriptionTargets(tx, ctx.accountId, patch.subscriptions, (i) => `subscriptions[${i}]`);
      await replaceSubscriptions(tx, ctx.accountId, id, patch.subscriptions);
    }
    const row = { ...existing, ...columnsOf(settings), updatedAt: ctx.clock.now().toISOString() };
    await replaceAlertChannel(tx, row);
    return toAlertChannelView(row, await subscriptionsOfChannel(tx, id), await projectMembersOfOne(tx, ctx.accountId, 'alert-channel', id));
  });
}

/** Its subscriptions are removed with it. */
export async function deleteAlertChannelById(ctx: ServiceContext, rawId: string | number): Promise<void> {
  if (!await deleteAlertChannel(ctx.db, ctx.accountId, channelIdOf(rawId))) throw AppError.notFound();
}
