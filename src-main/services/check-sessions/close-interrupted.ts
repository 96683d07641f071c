import { transaction } from '../../db/connection';
import { findSession, listUnfinishedSessionIds } from '../../db/repositories/runs-sessions';
import type { ServiceDeps } from '../context';
import { closeSession, INTERRUPTED } from './close-session';

/** At start: sessions a previous process left running can never finish; they end TIMED_OUT. */
export function closeInterruptedSessions(deps: ServiceDeps): number {
  const now = deps.clock.now().getTime();
  return transaction(deps.db, (tx) => {
    const ids = listUnfinishedSessionIds(tx);
    for (const id of ids) {
      const session = findSession(tx, id);
      if (session) closeSession(tx, session, INTERRUPTED, now);
    }
    return ids.length;
  });
}
