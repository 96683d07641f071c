/**
 * Flap detection, as Nagios does it but counted plainly: a check whose verdict changed at least
 * `changes` times within its last `windowRuns` runs is FLAPPING. Flapping starts with one
 * notification, stays silent, and ends with one notification of the state it settled in once the
 * last `stableRuns` verdicts are the same. Pure rules; the alert state keeps the history.
 */

export interface FlapSettings {
  enabled: boolean;
  changes: number;
  windowRuns: number;
  stableRuns: number;
}

/** Five changes within ten runs: an outage and its recovery, even through a degradation (D, F, D, P: four), never flap; down-up-down-up-down does. */
export const FLAP_DEFAULTS: FlapSettings = { enabled: true, changes: 5, windowRuns: 10, stableRuns: 5 };

export const FLAP_LIMITS = { changes: { min: 2, max: 50 }, windowRuns: { min: 3, max: 100 }, stableRuns: { min: 1, max: 100 } } as const;

export type FlapOverrides = Partial<FlapSettings> | null | undefined;

/** Defaults, then the group's members, then the check's own. */
export function effectiveFlapSettings(own: FlapOverrides, group: FlapOverrides): FlapSettings {
  const pick = (o: FlapOverrides) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<FlapSettings>;
  return { ...FLAP_DEFAULTS, ...pick(group), ...pick(own) };
}

export interface FlapState {
  /** The last verdicts, oldest first: P, D or F per run. */
  history: string;
  flapping: boolean;
  /** When it started flapping (epoch ms). */
  since: number | null;
}

const CODE = { PASS: 'P', DEGRADED: 'D', FAIL: 'F' } as const;

/** How many times the verdict changed from one run to the next. */
export function changesIn(history: string): number {
  let n = 0;
  for (let i = 1; i < history.length; i++) if (history[i] !== history[i - 1]) n++;
  return n;
}

export type FlapChange = 'started' | 'stopped' | null;

/**
 * The flap state after one more verdict. A check with no history was passing (its passing runs are
 * not recorded while nothing is pending). Ending clears the history down to the stable runs, so a
 * single change afterwards does not start flapping again at once.
 */
export function nextFlapState(flap: FlapState | undefined, verdict: keyof typeof CODE, settings: FlapSettings, now: number): { flap: FlapState; change: FlapChange } {
  const was = flap ?? { history: 'P', flapping: false, since: null };
  // Kept long enough for both counts: a stable tail longer than the window (its members may come from
  // the check and from its group) must still be seen, or the check would never stop flapping.
  const history = (was.history + CODE[verdict]).slice(-Math.max(settings.windowRuns, settings.stableRuns));
  if (!settings.enabled) return { flap: { history, flapping: false, since: null }, change: was.flapping ? 'stopped' : null };
  if (!was.flapping) {
    return changesIn(history.slice(-settings.windowRuns)) >= settings.changes ? { flap: { history, flapping: true, since: now }, change: 'started' } : { flap: { history, flapping: false, since: null }, change: null };
  }
  const tail = history.slice(-settings.stableRuns);
  if (tail.length === settings.stableRuns && changesIn(tail) === 0) return { flap: { history: tail, flapping: false, since: null }, change: 'stopped' };
  return { flap: { ...was, history }, change: null };
}

/** Nothing to record for a passing run: no flapping, and every run remembered passed. */
export function flapQuiet(flap: FlapState | undefined): boolean {
  return flap === undefined || (!flap.flapping && /^P*$/.test(flap.history));
}
