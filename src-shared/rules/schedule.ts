/** When a check runs: cadence and phase maths, pure (DESIGN.md "frequency" and "frequencyOffset"). */

const MINUTE = 60_000;

/** 32-bit FNV-1a: a stable spread of checks without an offset over their period. */
export function stableHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface Cadence {
  periodMs: number;
  /** Runs happen at times t with t ≡ phaseMs (mod periodMs), counted from the epoch. */
  phaseMs: number;
}

/**
 * frequency 0: every frequencyOffset seconds (10, 20 or 30; 10 when absent).
 * frequency 1..60 minutes: the offset is in seconds past the period's start.
 * frequency above 60: the offset is in minutes past the period's start.
 * Without an offset the check's id spreads it over its period, so many checks never start together.
 */
export function cadenceOf(frequency: number, frequencyOffset: number | null | undefined, checkId: string): Cadence {
  if (frequency === 0) {
    const periodMs = (frequencyOffset ?? 10) * 1000;
    return { periodMs, phaseMs: stableHash(checkId) % periodMs };
  }
  const periodMs = frequency * MINUTE;
  if (frequencyOffset == null) return { periodMs, phaseMs: stableHash(checkId) % periodMs };
  const unit = frequency <= 60 ? 1000 : MINUTE;
  return { periodMs, phaseMs: (frequencyOffset * unit) % periodMs };
}

/** The first run time strictly after `after`. */
export function nextRunAfter(after: number, cadence: Cadence): number {
  const { periodMs, phaseMs } = cadence;
  const k = Math.floor((after - phaseMs) / periodMs) + 1;
  return k * periodMs + phaseMs;
}

/** Overdue checks resume within this window after a restart, each at its own phase. */
const RESUME_SPREAD_MS = 60_000;

/**
 * Where a check's schedule starts when the scheduler loads it. Never run before → its first slot
 * from now. A stored time in the past (the process was down) → one catch-up run soon, at the
 * check's own phase within the next minute (or its next slot if sooner), so ten thousand overdue
 * checks do not all start in the same second; then it continues on the cadence.
 *
 * The catch-up lands on the check's phase counted from the epoch (modulo a minute), not from the
 * restart: a check of a minute or less therefore catches up on its own slot and its next run is a
 * whole period later, never a few seconds after the catch-up.
 */
export function resumeRunAt(now: number, storedNextRunAt: number | null, cadence: Cadence): number {
  if (storedNextRunAt === null) return nextRunAfter(now - 1, cadence);
  if (storedNextRunAt <= now) {
    const spreadMs = Math.min(cadence.periodMs, RESUME_SPREAD_MS);
    return Math.min(nextRunAfter(now - 1, cadence), nextRunAfter(now - 1, { periodMs: spreadMs, phaseMs: cadence.phaseMs % spreadMs }));
  }
  return Math.min(storedNextRunAt, nextRunAfter(now - 1, cadence) + cadence.periodMs);
}

/** A run overdue by more than this many periods was missed (the machine slept, the clock jumped): it is not caught up. */
export const MISSED_AFTER_PERIODS = 2;

/**
 * Where a due check goes when the scheduler fires late. Late by up to MISSED_AFTER_PERIODS periods:
 * it runs now (null). Later than that, the wall clock jumped past its slots: it resumes on its own
 * grid at the next slot, so a woken machine neither starts every check at once nor runs missed slots.
 */
export function resumeAfterJump(now: number, dueAt: number, cadence: Cadence): number | null {
  return now - dueAt > MISSED_AFTER_PERIODS * cadence.periodMs ? nextRunAfter(now, cadence) : null;
}
