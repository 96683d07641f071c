import { transaction } from '../../db/connection';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';
import { sealNewEnvironment } from '../secrets';
import { parseOrThrow } from '../validation';
import { checkTypeNamed, type RunnableCheckCreate } from './check-types';
import type { CheckView } from './read-shape';
import { insertValidatedCheck } from './store';
import { subscribeNewCheck } from './subscriptions';
import { checkView } from './views';
import { withIssuedPingToken } from '../heartbeats';
import { CHECK_TYPE_MODULES, isRunType } from '../../../src-shared/check-types';

function runsAtCreate(checkType: string): boolean {
  return isRunType(checkType) && (CHECK_TYPE_MODULES[checkType].run as { firstRunAtCreate?: boolean }).firstRunAtCreate === true;
}

export interface CreateOptions {
  /** Subscribe the new check to every existing alert channel (default true). */
  autoAssignAlerts: boolean;
}

const DEFAULT_CREATE_OPTIONS: CreateOptions = { autoAssignAlerts: true };

/** Plan limit (402), group and channels exist (400), insert, subscribe. */
export async function createCheck(ctx: ServiceContext, parsed: RunnableCheckCreate, options: CreateOptions = DEFAULT_CREATE_OPTIONS): Promise<CheckView> {
  const body = sealNewEnvironment(ctx.keyring, withIssuedPingToken(parsed));
  const row = await transaction(ctx.db, async (tx) => {
    const inserted = await insertValidatedCheck(tx, ctx, body);
    await subscribeNewCheck(tx, ctx, inserted.id, body.alertChannelSubscriptions, options.autoAssignAlerts);
    return inserted;
  });
  // A new monitor says something at once: its first run does not wait for its first slot.
  if (row.activated && runsAtCreate(row.checkType)) ctx.runtime.firstRuns?.runNewChecksNow([row.id]);
  return await checkView(ctx, row);
}

/**
 * `POST /v1/checks`: the body's `checkType` picks the monitor type, so the type's own schema can only
 * be applied here, once the type is known; the transport checks just the envelope.
 */
export async function createAnyCheck(ctx: ServiceContext, input: AnyCheckWrite, options: CreateOptions = DEFAULT_CREATE_OPTIONS): Promise<CheckView> {
  return await createCheck(ctx, parseOrThrow(checkTypeNamed(input.checkType).create, input), options);
}
