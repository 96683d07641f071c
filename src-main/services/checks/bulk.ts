import { z } from 'zod';
import { AppError, isAppError } from '../../core/errors';
import { findAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfCheck } from '../../db/repositories/alert-subscriptions';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { checkIdsNotSubscribedTo, checkNamesOf, countChecks, findCheck, type CheckRow } from '../../db/repositories/checks';
import type { AlertChannelSubscriptionCreate } from '../../../src-shared/schemas/alert-channel';
import { updateAlertChannelSubscription } from '../alert-channels';
import type { ServiceContext } from '../context';
import { updateAnyCheck } from './update';
import { deleteCheckById } from './delete';

/** Most checks one bulk request names (the console sends at most a page). */
export const MAX_BULK_IDS = 1000;

/** The subscription a bulk subscribe adds: built here from a stored check's id, so there is nothing to parse. */
function activeSubscriptionOf(checkId: string): AlertChannelSubscriptionCreate {
  return { checkId, activated: true };
}

const Ids = z.array(z.string().min(1).max(200)).min(1).max(MAX_BULK_IDS);

export const BulkCheckAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), ids: Ids }),
  z.object({ action: z.literal('pause'), ids: Ids }),
  z.object({ action: z.literal('mute'), ids: Ids }),
  z.object({ action: z.literal('unmute'), ids: Ids }),
  /** groupId null takes the checks out of their group. */
  z.object({ action: z.literal('moveToGroup'), ids: Ids, groupId: z.number().int().positive().nullable() }),
  z.object({ action: z.literal('subscribe'), ids: Ids, alertChannelId: z.number().int().positive() }),
  z.object({ action: z.literal('delete'), ids: Ids }),
]);
export type BulkCheckAction = z.infer<typeof BulkCheckAction>;
export type BulkActionName = BulkCheckAction['action'];

export interface BulkItemOutcome {
  id: string;
  /** null when no check of the account has this id. */
  name: string | null;
  /** done: changed; unchanged: already so (nothing written); failed: see error. */
  outcome: 'done' | 'unchanged' | 'failed';
  error?: string;
}

export interface BulkResult {
  action: BulkActionName;
  done: number;
  unchanged: number;
  failed: number;
  /** In the order the ids were given (each id once). */
  items: BulkItemOutcome[];
}

/** Items applied between two turns of the event loop, so runs and other requests are not held up by a long batch. */
const ITEMS_PER_TURN = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const NOT_FOUND = 'no monitor with this id in this account (it was deleted, or belongs to another account)';

function reasonOf(ctx: ServiceContext, error: unknown, id: string): string {
  if (isAppError(error)) return error.kind === 'not_found' ? NOT_FOUND : error.message;
  ctx.logger.error({ err: error, checkId: id }, 'a bulk action failed on one check');
  return 'an internal error stopped it (it was logged on the server)';
}

/** The whole request is refused (400 naming the field) when its group or channel does not exist. */
async function assertTargetExists(ctx: ServiceContext, action: BulkCheckAction): Promise<void> {
  if (action.action === 'moveToGroup' && action.groupId !== null && !await findCheckGroup(ctx.db, ctx.accountId, action.groupId)) {
    throw new AppError('validation', `groupId: no check group with id ${action.groupId}`);
  }
  if (action.action === 'subscribe' && !await findAlertChannel(ctx.db, ctx.accountId, action.alertChannelId)) {
    throw new AppError('validation', `alertChannelId: no alert channel with id ${action.alertChannelId}`);
  }
}

async function subscribedTo(ctx: ServiceContext, checkId: string, alertChannelId: number): Promise<boolean> {
  return (await subscriptionsOfCheck(ctx.db, checkId)).some((s) => s.alertChannelId === alertChannelId && s.activated);
}

/**
 * Applies one item through the verb its single-item route uses (a PUT's merge and validation, the
 * channel's subscription upsert, DELETE), so scheduling, subscriptions and checks stay as one
 * change would leave them. Answers false when the check is already so.
 */
async function applyOne(ctx: ServiceContext, action: BulkCheckAction, check: CheckRow): Promise<boolean> {
  switch (action.action) {
    case 'activate':
    case 'pause': {
      const activated = action.action === 'activate';
      if (check.activated === activated) return false;
      await updateAnyCheck(ctx, check.id, { activated });
      return true;
    }
    case 'mute':
    case 'unmute': {
      const muted = action.action === 'mute';
      if (check.muted === muted) return false;
      await updateAnyCheck(ctx, check.id, { muted });
      return true;
    }
    case 'moveToGroup':
      if (check.groupId === action.groupId) return false;
      await updateAnyCheck(ctx, check.id, { groupId: action.groupId });
      return true;
    case 'subscribe':
      if (await subscribedTo(ctx, check.id, action.alertChannelId)) return false;
      await updateAlertChannelSubscription(ctx, action.alertChannelId, activeSubscriptionOf(check.id));
      return true;
    case 'delete':
      await deleteCheckById(ctx, check.id);
      return true;
  }
}

/**
 * One action on many checks: each is applied on its own (its own transaction), and each gets its
 * outcome, so one check that cannot change (deleted meanwhile, of another account, a stored body a
 * PUT would now refuse) does not stop the others.
 */
export async function bulkCheckAction(ctx: ServiceContext, action: BulkCheckAction): Promise<BulkResult> {
  await assertTargetExists(ctx, action);
  const ids = [...new Set(action.ids)];
  const names = await checkNamesOf(ctx.db, ctx.accountId, ids);
  const items: BulkItemOutcome[] = [];
  for (const [index, id] of ids.entries()) {
    if (index > 0 && index % ITEMS_PER_TURN === 0) await nextTurn();
    const name = names.get(id) ?? null;
    try {
      const check = await findCheck(ctx.db, ctx.accountId, id);
      if (!check) throw AppError.notFound();
      items.push({ id, name: check.name, outcome: await applyOne(ctx, action, check) ? 'done' : 'unchanged' });
    } catch (error) {
      items.push({ id, name, outcome: 'failed', error: reasonOf(ctx, error, id) });
    }
  }
  const count = (outcome: BulkItemOutcome['outcome']) => items.filter((item) => item.outcome === outcome).length;
  return { action: action.action, done: count('done'), unchanged: count('unchanged'), failed: count('failed'), items };
}

export interface SubscribeAllResult {
  /** Checks subscribed now. */
  subscribed: number;
  /** Checks that already had a subscription to the channel (active or paused; left as they were). */
  alreadySubscribed: number;
  failed: { id: string; name: string | null; error: string }[];
}

/**
 * An alert channel's "Subscribe all checks": every check of the account without a subscription to
 * the channel gets an active one, through the channel's own subscription verb; existing
 * subscriptions (a paused one too) are left alone.
 */
export async function subscribeAllChecks(ctx: ServiceContext, alertChannelId: number): Promise<SubscribeAllResult> {
  if (!await findAlertChannel(ctx.db, ctx.accountId, alertChannelId)) throw AppError.notFound();
  const total = await countChecks(ctx.db, { accountId: ctx.accountId });
  const ids = await checkIdsNotSubscribedTo(ctx.db, ctx.accountId, alertChannelId);
  const failed: SubscribeAllResult['failed'] = [];
  let subscribed = 0;
  for (const [index, id] of ids.entries()) {
    if (index > 0 && index % ITEMS_PER_TURN === 0) await nextTurn();
    try {
      await updateAlertChannelSubscription(ctx, alertChannelId, activeSubscriptionOf(id));
      subscribed += 1;
    } catch (error) {
      failed.push({ id, name: (await findCheck(ctx.db, ctx.accountId, id))?.name ?? null, error: reasonOf(ctx, error, id) });
    }
  }
  return { subscribed, alreadySubscribed: total - ids.length, failed };
}
