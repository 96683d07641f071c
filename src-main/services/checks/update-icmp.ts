import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findCheck } from '../../db/repositories/checks';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../src-shared/schemas/icmp-monitor';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toCheckView, type CheckView } from './read-shape';
import { replaceValidatedCheck, storedBody } from './store';

/** PUT merges the named members over the stored monitor, then validates the result as a whole. */
export function updateIcmpCheck(ctx: ServiceContext, id: string, input: unknown): CheckView {
  const patch = parseOrThrow(IcmpMonitorUpdate, input);
  const row = transaction(ctx.db, (tx) => {
    const existing = findCheck(tx, ctx.accountId, id);
    if (!existing || existing.checkType !== 'ICMP') throw AppError.notFound();
    const current = storedBody(existing);
    const merged: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) merged[key] = value;
    }
    if (patch.request) {
      const stored = current.request as Record<string, unknown>;
      merged.request = { ...stored, ...definedOnly(patch.request) };
    }
    const body = parseOrThrow(IcmpMonitorCreate, merged);
    return replaceValidatedCheck(tx, ctx, existing, body);
  });
  return toCheckView(row);
}

function definedOnly(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
