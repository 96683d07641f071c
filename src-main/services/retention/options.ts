import { DEFAULT_NOTIFICATION_RETENTION_DAYS, DEFAULT_RAW_RETENTION_DAYS, DEFAULT_ROLLUP_RETENTION_DAYS } from '../../core/config';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** An hour is rolled up once it ended this long ago (results of runs still finishing arrive late). */
export const ROLLUP_GRACE_MS = 5 * 60_000;
/** Each rollup pass recomputes this many hours before the watermark, counting results that came late. */
export const RECOMPUTE_HOURS = 2;
/** An unfinished session older than the raw cutoff is kept this much longer (something may still close it). */
export const UNFINISHED_SESSION_GRACE_MS = DAY_MS;

export interface RetentionOptions {
  /** Days raw results, sessions and unused result details are kept. */
  rawRetentionDays: number;
  /** Days hourly rollups are kept. */
  rollupRetentionDays: number;
  /** Days alert events and delivered notifications are kept. */
  notificationRetentionDays: number;
  intervalMs: number;
  /** Rows per write transaction. */
  batchSize: number;
  /** Pages per `PRAGMA incremental_vacuum` step. */
  vacuumPagesPerStep: number;
}

export const DEFAULT_RETENTION: RetentionOptions = {
  rawRetentionDays: DEFAULT_RAW_RETENTION_DAYS,
  rollupRetentionDays: DEFAULT_ROLLUP_RETENTION_DAYS,
  notificationRetentionDays: DEFAULT_NOTIFICATION_RETENTION_DAYS,
  intervalMs: 60_000,
  batchSize: 2000,
  vacuumPagesPerStep: 512,
};

export function retentionOptions(options: Partial<RetentionOptions> = {}): RetentionOptions {
  const resolved = { ...DEFAULT_RETENTION };
  for (const name of Object.keys(DEFAULT_RETENTION) as (keyof RetentionOptions)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < 1) throw new Error(`retention option ${name} must be a number of at least 1, got ${value}`);
    resolved[name] = value;
  }
  return resolved;
}

export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

export function ceilHour(ms: number): number {
  return Math.ceil(ms / HOUR_MS) * HOUR_MS;
}

/** The cutoffs of one pass at `now`; raw and rollup cutoffs are hour starts, so per-check pruning runs once an hour. */
export interface Cutoffs {
  raw: number;
  rollups: number;
  notifications: number;
}

export function cutoffsAt(now: number, options: RetentionOptions): Cutoffs {
  return {
    raw: floorHour(now - options.rawRetentionDays * DAY_MS),
    rollups: floorHour(now - options.rollupRetentionDays * DAY_MS),
    notifications: now - options.notificationRetentionDays * DAY_MS,
  };
}
