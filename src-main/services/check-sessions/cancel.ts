import { transaction } from '../../db/connection';
import { findSession } from '../../db/repositories/runs-sessions';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import { isFinished } from '../../../src-shared/rules/session-status';
import type { ServiceContext } from '../context';
import { CANCELLED, closeSession } from './close-session';
import { findAccountSession } from './get';
import { statusOf } from './status-codes';

/** Cancels a running session: it ends CANCELLED at once and its queued and running jobs are aborted. Finished sessions stay as they are. */
export function cancelCheckSession(ctx: ServiceContext, checkSessionId: string): void {
  const { id } = findAccountSession(ctx, checkSessionId);
  const now = ctx.clock.now().getTime();
  const events = transaction(ctx.db, (tx) => {
    const session = findSession(tx, id);
    if (!session || isFinished(statusOf(session.status))) return null;
    return { session, results: closeSession(tx, session, CANCELLED, now) };
  });
  if (!events) return;
  const runtime = ctx.runtime;
  runtime.runs?.cancelSession(id);
  for (const event of events.results) runtime.events.emit('resultRecorded', event);
  runtime.events.emit('sessionUpdated', {
    accountId: events.session.accountId,
    checkId: events.session.checkId,
    checkSessionId: encodeRunId('session', id),
    status: 'CANCELLED',
    finished: true,
  });
}
