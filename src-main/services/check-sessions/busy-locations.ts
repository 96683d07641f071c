import type { Db } from '../../db/connection';
import { locationNames } from '../../db/repositories/runs';
import { listOpenSessions } from '../../db/repositories/runs-open';
import { listSessionResults } from '../../db/repositories/runs-results';
import { finalsOf, runLocationsOf } from './session-state';

/**
 * No run lasts this long: the longest time limit is about two minutes and retries end within
 * maxDurationSeconds (10 minutes at most). A session open for longer is stuck, and must not stop its
 * check from ever running again.
 */
export const STUCK_SESSION_MS = 15 * 60_000;

/**
 * Where each of these checks still has a run going: the locations of its unfinished sessions that
 * have no FINAL result yet. A session is unfinished until every location's outcome is recorded,
 * whichever agent holds the job (the embedded one, or a remote agent that queued or leased it).
 * Per check: location → the sessions still open there.
 */
export async function busyLocations(tx: Db, checkNums: ReadonlySet<number>, now: number): Promise<Map<number, Map<string, number[]>>> {
  const busy = new Map<number, Map<string, number[]>>();
  if (checkNums.size === 0) return busy;
  const open = (await listOpenSessions(tx)).filter((s) => checkNums.has(s.checkNum) && s.startedAt > now - STUCK_SESSION_MS);
  let names: Map<number, string> | null = null;
  for (const session of open) {
    let locations = runLocationsOf(session);
    // A one-location session without its FINAL result is unfinished by definition: no need to read results.
    if (locations.length > 1) {
      names ??= await locationNames(tx);
      const codes = names;
      const done = new Set(finalsOf(await listSessionResults(tx, session.id, session.checkNum, session.startedAt, null)).map((r) => codes.get(r.location)));
      locations = locations.filter((l) => !done.has(l));
    }
    if (locations.length === 0) continue;
    const byLocation = busy.get(session.checkNum) ?? new Map<string, number[]>();
    for (const location of locations) byLocation.set(location, [...(byLocation.get(location) ?? []), session.id]);
    busy.set(session.checkNum, byLocation);
  }
  return busy;
}
