// Whether a look for held alerts may be skipped (held-alerts.ts), and the note that ends that trust (dependencies.ts).

/**
 * A look for held alerts that found none is trusted this long (real time), so the look that follows
 * every judged run is not a query each time when nothing is held (the common case: at 10,000 checks
 * a minute it was one query per result). A hold decided in this process ends the trust at once
 * (noteHoldDecided); one decided on another server (team mode) is seen within this time.
 */
export const NONE_HELD_TRUST_MS = 1_000;
const noneHeld = new WeakMap<object, { until: number; generation: number }>();

export function noneHeldState(runtime: object): { until: number; generation: number } {
  let state = noneHeld.get(runtime);
  if (!state) noneHeld.set(runtime, (state = { until: 0, generation: 0 }));
  return state;
}

/** A judgement of this process holds an alert: the next look for held alerts queries again. */
export function noteHoldDecided(runtime: object): void {
  const state = noneHeldState(runtime);
  state.until = 0;
  state.generation++;
}
