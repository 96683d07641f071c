import type { Db } from '../../db/connection';
import { locationNames } from '../../db/repositories/runs';
import { listOpenSessions } from '../../db/repositories/runs-open';
import { listSessionResults } from '../../db/repositories/runs-results';
import { finalsOf, runLocationsOf } from './session-state';

/**
 * Where each of these checks still has a run going: the locations of its unfinished sessions that
 * have no FINAL result yet. A session is unfinished until every location's outcome is recorded,
 * whichever agent holds the job (the embedded one, or a remote agent that queued or leased it).
 */
export function busyLocations(tx: Db, checkNums: ReadonlySet<number>): Map<number, Set<string>> {
  const busy = new Map<number, Set<string>>();
  const open = listOpenSessions(tx).filter((s) => checkNums.has(s.checkNum));
  let names: Map<number, string> | null = null;
  for (const session of open) {
    let locations = runLocationsOf(session);
    // A one-location session without its FINAL result is unfinished by definition: no need to read results.
    if (locations.length > 1) {
      names ??= locationNames(tx);
      const codes = names;
      const done = new Set(finalsOf(listSessionResults(tx, session.id, session.checkNum, session.startedAt, null)).map((r) => codes.get(r.location)));
      locations = locations.filter((l) => !done.has(l));
    }
    if (locations.length === 0) continue;
    const set = busy.get(session.checkNum) ?? new Set<string>();
    for (const location of locations) set.add(location);
    busy.set(session.checkNum, set);
  }
  return busy;
}
