import { transaction } from '../../db/connection';
import type { ServiceContext } from '../context';
import { sealNewEnvironment } from '../secrets/environment';
import { parseOrThrow } from '../validation';
import type { CheckTypeDefinition } from './check-type';
import type { CheckView } from './read-shape';
import { insertValidatedCheck } from './store';
import { subscribeNewCheck } from './subscriptions';
import { checkView } from './views';

export interface CreateOptions {
  /** Subscribe the new check to every existing alert channel (default true). */
  autoAssignAlerts: boolean;
}

export const DEFAULT_CREATE_OPTIONS: CreateOptions = { autoAssignAlerts: true };

/** Creates a monitor of one type: validate, plan limit (402), group and channels exist (400), insert, subscribe. */
export function createCheck(ctx: ServiceContext, type: CheckTypeDefinition, input: unknown, options: CreateOptions = DEFAULT_CREATE_OPTIONS): CheckView {
  const body = sealNewEnvironment(ctx.keyring, parseOrThrow(type.create, input));
  const row = transaction(ctx.db, (tx) => {
    const inserted = insertValidatedCheck(tx, ctx, body);
    subscribeNewCheck(tx, ctx, inserted.id, body.alertChannelSubscriptions, options.autoAssignAlerts);
    return inserted;
  });
  return checkView(ctx.db, row);
}
