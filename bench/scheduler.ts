import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../src-main/core/clock';
import { resolveConfig } from '../src-main/core/config';
import { loadKeyring } from '../src-main/core/keyring';
import { createLogger } from '../src-main/core/logger';
import { DB_FILE_NAME, openDb } from '../src-main/db/connection';
import type { ExecutionJob, ExecutionResult } from '../src-main/runner/types';
import { ManualTimers } from '../src-main/scheduler/manual-timers';
import { createRunSystem } from '../src-main/scheduler/run-system';
import { bootstrapAccount } from '../src-main/services/accounts/bootstrap';
import { createCheck } from '../src-main/services/checks';
import { IcmpMonitorCreate } from '../src-shared/schemas/icmp-monitor';
import type { ServiceDeps } from '../src-main/services/context';
import { createRuntime } from '../src-main/services/runtime';

export interface SchedulerBenchOptions {
  monitors: number;
  simulatedMinutes: number;
}

export interface SchedulerBenchResult {
  monitors: number;
  simulatedMinutes: number;
  sessionsStarted: number;
  resultsWritten: number;
  realSeconds: number;
  resultsPerSecond: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  bytesPerResult: number;
  bytesMethod: string;
  setupSeconds: number;
}

/** The executor stub: a passing 10-packet ping result, at once. Only the executor is stubbed. */
function noOpRun(now: () => Date) {
  return async (job: ExecutionJob): Promise<ExecutionResult> => {
    const at = now().toISOString();
    return {
      hasErrors: false,
      hasFailures: false,
      isDegraded: false,
      overMaxResponseTime: false,
      aborted: false,
      timedOut: false,
      responseTime: 0.052,
      startedAt: at,
      stoppedAt: at,
      error: null,
      assertions: [],
      icmpCheckResult: {
        hostname: job.checkType === 'ICMP' ? job.check.request.hostname : '127.0.0.1',
        resolvedAddress: '127.0.0.1',
        packetsSent: 10,
        packetsReceived: 10,
        packetLoss: 0,
        latency: { min: 0.031, avg: 0.052, max: 0.094, stdDev: 0.017 },
      },
    };
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * 10,000 activated ICMP monitors at 1-minute frequency through the real scheduler, run
 * coordinator, embedded agent queue and SQLite storage, on a ManualClock. Simulated time moves
 * to each timer's due time AND by the real time spent handling it, so a scheduler that falls
 * behind shows as lag (dispatch time − due time).
 */
export async function benchScheduler(options: SchedulerBenchOptions): Promise<SchedulerBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-bench-'));
  const config = resolveConfig({ dataDir, apiKey: 'bench-key-0123456789abcdef', rendererDir: null });
  const handle = openDb({ dataDir, migrationsDir: config.migrationsDir });
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const deps: ServiceDeps = { db: handle.db, clock, logger: createLogger('warn'), runtime: createRuntime('http://bench'), keyring: loadKeyring(dataDir) };
  try {
    const setupStart = performance.now();
    const { accountId } = await bootstrapAccount(deps, config.apiKey);
    const ctx = { ...deps, accountId };
    handle.sqlite.exec('BEGIN');
    for (let i = 0; i < options.monitors; i++) {
      await createCheck(ctx, IcmpMonitorCreate.parse({ name: `monitor ${i}`, frequency: 1, request: { hostname: '127.0.0.1' } }), { autoAssignAlerts: false });
    }
    handle.sqlite.exec('COMMIT');
    const setupSeconds = (performance.now() - setupStart) / 1000;

    const timers = new ManualTimers(clock);
    const runs = createRunSystem({ deps, run: noOpRun(() => clock.now()), timers, recordLag: true, pollIntervalMs: 2000 });
    runs.startScheduling();
    // Results written before the measured minutes, so the size measures only what they add.
    const sizeBefore = statSync(join(dataDir, DB_FILE_NAME)).size;

    const end = clock.now().getTime() + options.simulatedMinutes * 60_000;
    const realStart = performance.now();
    for (let due = timers.nextDueAt(); due !== null && due <= end; due = timers.nextDueAt()) {
      if (due > clock.now().getTime()) clock.set(due);
      const t0 = performance.now();
      timers.fireNext(clock.now().getTime());
      await new Promise<void>((resolve) => setImmediate(resolve));
      clock.advance(performance.now() - t0);
    }
    await runs.coordinator.flush();
    const realSeconds = (performance.now() - realStart) / 1000;
    await runs.stop(1000);

    const lags = [...runs.scheduler.lags].sort((a, b) => a - b);
    const rows = handle.sqlite.prepare('select count(*) as n from check_results').get() as { n: number };
    let bytesPerResult: number;
    let bytesMethod: string;
    try {
      const pages = handle.sqlite
        .prepare("select sum(pgsize) as bytes from dbstat where name in ('check_results', 'check_results_check_started')")
        .get() as { bytes: number };
      bytesPerResult = pages.bytes / rows.n;
      bytesMethod = 'dbstat: pages of check_results + its index / rows';
    } catch {
      handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      bytesPerResult = (statSync(join(dataDir, DB_FILE_NAME)).size - sizeBefore) / rows.n;
      bytesMethod = 'file size delta / rows (dbstat unavailable; includes sessions)';
    }
    return {
      monitors: options.monitors,
      simulatedMinutes: options.simulatedMinutes,
      sessionsStarted: runs.scheduler.dispatched,
      resultsWritten: runs.coordinator.recorded,
      realSeconds,
      resultsPerSecond: runs.coordinator.recorded / realSeconds,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      lagMaxMs: lags[lags.length - 1] ?? 0,
      bytesPerResult,
      bytesMethod,
      setupSeconds,
    };
  } finally {
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
