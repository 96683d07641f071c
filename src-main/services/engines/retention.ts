import { performance } from 'node:perf_hooks';
import type { ServiceDeps } from '../context';
import { cutoffsAt, retentionOptions, type Cutoffs, type RetentionOptions } from '../retention';
import { Batches } from './retention/batches';
import { pruneExpired, type PruneReport, vacuumFreePages } from './retention/prune';
import { purgeDeletedChecks, type PurgeReport } from './retention/purge-deleted';
import { rollUpClosedHours, type RollupReport } from './retention/roll-up';

export interface RetentionReport {
  /** Epoch ms (deps.clock) the pass ran at. */
  at: number;
  cutoffs: Cutoffs;
  rollups: RollupReport;
  purged: PurgeReport;
  pruned: PruneReport;
  vacuumedPages: number;
  /** Write transactions (and vacuum steps) run, and the longest one: what another writer could have waited for. */
  batches: number;
  longestBatchMs: number;
  durationMs: number;
  /** Messages of the stages that failed (each is logged; the other stages still run). */
  errors: string[];
  /** stop() was called before the pass ended. */
  stopped: boolean;
}

export interface Retention {
  /** One pass; a call while a pass runs waits for that pass. Never rejects. */
  runOnce(): Promise<RetentionReport>;
  /** Stops the interval, ends a running pass at its next batch and waits for it. */
  stop(): Promise<void>;
}

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'logger'>;

/** Hourly rollups, retention of raw runs, notifications and expired status page sign-ups, purge of deleted checks, incremental vacuum. */
export function startRetention(deps: Deps, options: Partial<RetentionOptions> = {}, mayRun: () => boolean = () => true): Retention {
  const resolved = retentionOptions(options);
  let stopping = false;
  let running: Promise<RetentionReport> | null = null;

  const runOnce = (): Promise<RetentionReport> => {
    running ??= pass(deps, resolved, () => stopping || !mayRun()).finally(() => {
      running = null;
    });
    return running;
  };
  // Team mode: only the leader prunes and rolls up (a pass it no longer leads stops between batches).
  const timer = setInterval(() => {
    if (!running && mayRun()) void runOnce();
  }, resolved.intervalMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}

async function pass(deps: Deps, options: RetentionOptions, isStopped: () => boolean): Promise<RetentionReport> {
  const started = performance.now();
  const now = deps.clock.now().getTime();
  const cutoffs = cutoffsAt(now, options);
  const batches = new Batches(deps.db, isStopped);
  const errors: string[] = [];
  const stage = async <T>(name: string, fallback: T, work: () => Promise<T>): Promise<T> => {
    if (batches.stopped) return fallback;
    try {
      return await work();
    } catch (error) {
      deps.logger.error({ err: error, stage: name }, 'retention: a stage failed');
      // Drizzle wraps SQLite's error; its cause says what went wrong.
      const { message, cause } = error as Error;
      errors.push(`${name}: ${cause instanceof Error ? cause.message : message}`);
      return fallback;
    }
  };

  const rollups = await stage('rollup', { hours: 0, rows: 0, watermark: null }, () => rollUpClosedHours(batches, deps.db, now, cutoffs.rollups));
  const purged = await stage('purge', { checks: 0, rows: 0 }, () => purgeDeletedChecks(batches, deps.db, options.batchSize));
  const emptyPrune: PruneReport = { results: 0, sessions: 0, details: 0, checkAlerts: 0, notifications: 0, rollups: 0, unconfirmedSubscribers: 0, rawCutoff: null };
  const pruned = await stage('prune', emptyPrune, () => pruneExpired(batches, deps.db, cutoffs, now, options.batchSize));
  const vacuumedPages = await stage('vacuum', 0, () => vacuumFreePages(batches, deps.db, options.vacuumPagesPerStep));

  const report: RetentionReport = {
    at: now,
    cutoffs,
    rollups,
    purged,
    pruned,
    vacuumedPages,
    batches: batches.count,
    longestBatchMs: Math.round(batches.longestMs * 10) / 10,
    durationMs: Math.round(performance.now() - started),
    errors,
    stopped: batches.stopped,
  };
  const { results, sessions, details, checkAlerts, notifications, unconfirmedSubscribers } = pruned;
  if (rollups.hours + purged.rows + results + sessions + details + checkAlerts + notifications + pruned.rollups + unconfirmedSubscribers + vacuumedPages > 0) {
    deps.logger.info({ retention: { ...report, cutoffs: undefined } }, 'retention pass');
  }
  return report;
}
