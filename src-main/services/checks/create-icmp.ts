import { transaction } from '../../db/connection';
import { IcmpMonitorCreate } from '../../../src-shared/schemas/icmp-monitor';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toCheckView, type CheckView } from './read-shape';
import { insertValidatedCheck } from './store';

export interface CreateOptions {
  /** Subscribe the new check to every existing alert channel (default true). */
  autoAssignAlerts: boolean;
}

export function createIcmpCheck(ctx: ServiceContext, input: unknown, _options: CreateOptions = { autoAssignAlerts: true }): CheckView {
  const body = parseOrThrow(IcmpMonitorCreate, input);
  const row = transaction(ctx.db, (tx) => insertValidatedCheck(tx, ctx, body));
  return toCheckView(row);
}
