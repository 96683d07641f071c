import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { TestRunScheduling } from '../../../src-shared/schemas/test-run';
import type { ServiceContext } from '../context';

/** How many scheduling ids are remembered (the CLI asks about one right after its run starts). */
const REMEMBERED = 1_000;
const issued = new Map<string, string>();

/** A scheduling id for a run whose jobs are all queued: Sightline dispatches before it answers. */
export function rememberScheduling(accountId: string): string {
  const id = randomUUID();
  issued.set(id, accountId);
  if (issued.size > REMEMBERED) issued.delete(issued.keys().next().value as string);
  return id;
}

/** GET /v1/test-sessions/scheduling/{id}/completion: final at once, since dispatch happened before the run was answered. */
export function getScheduling(ctx: ServiceContext, schedulingId: string): TestRunScheduling {
  if (issued.get(schedulingId.toLowerCase()) !== ctx.accountId) throw new AppError('not_found', 'No such test run scheduling.');
  return { id: schedulingId.toLowerCase(), status: 'SUCCEEDED', error: null };
}
