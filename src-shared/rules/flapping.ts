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
  /**
   * How many verdicts the history keeps under the settings it was last judged with (the larger of
   * the window and the stable runs): what lets a passing run after a pass be recorded without them.
   */
  keep?: number;
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
  const keep = Math.max(settings.windowRuns, settings.stableRuns);
  const history = (was.history + CODE[verdict]).slice(-keep);
  if (!settings.enabled) return { flap: { history, flapping: false, since: null, keep }, change: was.flapping ? 'stopped' : null };
  if (!was.flapping) {
    return changesIn(history.slice(-settings.windowRuns)) >= settings.changes
      ? { flap: { history, flapping: true, since: now, keep }, change: 'started' }
      : { flap: { history, flapping: false, since: null, keep }, change: null };
  }
  const tail = history.slice(-settings.stableRuns);
  if (tail.length === settings.stableRuns && changesIn(tail) === 0) return { flap: { history: tail, flapping: false, since: null, keep }, change: 'stopped' };
  return { flap: { ...was, history, keep }, change: null };
}

/**
 * The flap state after a passing run, when it can be told without the check's settings; null when
 * it cannot. A history of passes only stays as it is (passing runs are not recorded while every
 * remembered run passed). A check that is not flapping and whose last verdict was a pass records one
 * more pass: that adds no change to its window, so flapping cannot start (its window had fewer
 * changes than the threshold when it was last judged, and sliding it on a pass removes changes, never
 * adds one) and, not flapping, cannot stop — exactly what `nextFlapState` gives under the settings
 * the history was last judged with (`keep`). A history from before `keep` was recorded: null.
 */
export function flapAfterPassingPass(flap: FlapState | undefined): FlapState | undefined | null {
  if (flapQuiet(flap)) return flap;
  if (!flap || flap.flapping || !flap.history.endsWith('P') || !flap.keep) return null;
  return { history: (flap.history + 'P').slice(-flap.keep), flapping: false, since: null, keep: flap.keep };
}

/** Nothing to record for a passing run: no flapping, and every run remembered passed. */
export function flapQuiet(flap: FlapState | undefined): boolean {
  return flap === undefined || (!flap.flapping && /^P*$/.test(flap.history));
}
