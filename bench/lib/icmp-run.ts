import { join } from 'node:path';
import { createIcmpMonitors, readHealth, type CreatedMonitors, type HealthSnapshot } from './api';
import { analyseRuns, type RunFigures } from './analyse-runs';
import { makeTempDir } from './cleanup';
import { ProcessSampler, type ProcessFigures } from './proc-sampler';
import { startServer, type LogSummary, type ServerHandle } from './server';
import { sleep } from './stats';

export const DB_FILE = 'sightline.db';

export interface IcmpRunOptions {
  label: string;
  monitors: number;
  pingCount: number;
  warmupS: number;
  measureS: number;
  extraArgs?: string[];
  /** Runs after the server is up and before the ICMP monitors are created (other checks, channels). */
  setUp?: (server: ServerHandle) => Promise<void>;
  /** How long SIGTERM may take before SIGKILL. */
  stopTimeoutMs?: number;
  /** After the window, before SIGTERM: time for the window's last runs to finish (default pingCount s + 15 s). */
  graceMs?: number;
  /** Called as the measured window opens and closes (more samplers: machine CPU, a target process). */
  onWindowStart?: () => void;
  onWindowEnd?: () => void;
  /** After the grace period, while the server still answers (read results through REST). */
  beforeStop?: (server: ServerHandle) => Promise<void>;
}

export interface HealthFigures {
  /** The last answer before the window closed. */
  last: HealthSnapshot;
  samples: number;
  /** Highest running / queued / oldestWaitMs of each lane seen during the window. */
  maxRunning: Record<string, number>;
  maxQueued: Record<string, number>;
  maxOldestWaitMs: Record<string, number>;
}

export interface IcmpRunResult {
  dataDir: string;
  dbFile: string;
  created: CreatedMonitors;
  window: { from: number; to: number };
  process: ProcessFigures;
  health: HealthFigures;
  runs: RunFigures;
  exit: { code: number | null; signal: string | null; stopMs: number };
  log: LogSummary;
}

function progress(label: string, text: string): void {
  process.stdout.write(`  [${label}] ${text}\n`);
}

function laneLine(snapshot: HealthSnapshot): string {
  if (!snapshot.available) return '/health: no lanes (n/a)';
  return snapshot.lanes.map((l) => `${l.lane} running ${l.running ?? '?'} queued ${l.queued ?? '?'} rpm ${l.runsPerMinute ?? '?'} skipped ${l.skippedTotal ?? '?'}`).join('; ');
}

/** Polls /health every 5 s until `until`, printing a line every 30 s. */
async function watch(label: string, server: ServerHandle, until: number, what: string, figures?: HealthFigures): Promise<HealthSnapshot> {
  let last = await readHealth(server.healthUrl);
  let printed = 0;
  for (let i = 0; i < 100_000 && Date.now() < until; i++) {
    await sleep(Math.min(5_000, Math.max(0, until - Date.now())));
    last = await readHealth(server.healthUrl);
    if (figures) {
      figures.samples++;
      figures.last = last;
      for (const lane of last.lanes) {
        figures.maxRunning[lane.lane] = Math.max(figures.maxRunning[lane.lane] ?? 0, lane.running ?? 0);
        figures.maxQueued[lane.lane] = Math.max(figures.maxQueued[lane.lane] ?? 0, lane.queued ?? 0);
        figures.maxOldestWaitMs[lane.lane] = Math.max(figures.maxOldestWaitMs[lane.lane] ?? 0, lane.oldestWaitMs ?? 0);
      }
    }
    if (Date.now() - printed >= 30_000) {
      printed = Date.now();
      progress(label, `${what}, ${Math.max(0, Math.round((until - Date.now()) / 1000))} s left — ${laneLine(last)}`);
    }
  }
  return last;
}

/**
 * One real run: a fresh data folder, `sightline serve`, N ICMP monitors created through REST, a
 * warm-up, a measured window (CPU, RSS, /health), a grace period for the window's last runs to
 * finish, SIGTERM, then the database judged slot by slot. The caller removes dataDir.
 */
export async function runIcmpLoad(options: IcmpRunOptions): Promise<IcmpRunResult> {
  const dataDir = makeTempDir(options.label);
  const dbFile = join(dataDir, DB_FILE);
  progress(options.label, `starting the server in ${dataDir}`);
  const server = await startServer({ dataDir, extraArgs: options.extraArgs });
  let stopped = false;
  try {
    progress(options.label, `API ${server.apiUrl}, probes ${server.healthUrl ?? 'none'}, pid ${server.pid}`);
    await options.setUp?.(server);
    let created: CreatedMonitors = { ids: [], seconds: 0, perSecond: 0 };
    if (options.monitors > 0) {
      progress(options.label, `creating ${options.monitors} ICMP monitors (1 min, pingCount ${options.pingCount}) through POST /v1/checks/icmp, 16 in flight`);
      created = await createIcmpMonitors(server.apiUrl, options.monitors, { pingCount: options.pingCount, namePrefix: options.label });
      progress(options.label, `created in ${created.seconds.toFixed(1)} s (${created.perSecond.toFixed(0)}/s)`);
    }
    progress(options.label, `warm-up ${options.warmupS} s`);
    await watch(options.label, server, Date.now() + options.warmupS * 1000, 'warm-up');

    const sampler = new ProcessSampler(server.pid);
    const from = Date.now();
    const to = from + options.measureS * 1000;
    sampler.start();
    options.onWindowStart?.();
    const first = await readHealth(server.healthUrl);
    const health: HealthFigures = { last: first, samples: 1, maxRunning: {}, maxQueued: {}, maxOldestWaitMs: {} };
    await watch(options.label, server, to, 'measuring', health);
    const processFigures = sampler.stop();
    options.onWindowEnd?.();
    health.last = await readHealth(server.healthUrl);

    // Runs planned just before the window closed must finish before the server stops.
    const graceMs = options.graceMs ?? options.pingCount * 1000 + 15_000;
    progress(options.label, `window closed; ${graceMs / 1000} s for its last runs to finish, then SIGTERM`);
    await sleep(graceMs);
    await options.beforeStop?.(server);
    const exit = await server.stop(options.stopTimeoutMs ?? 90_000);
    stopped = true;
    progress(options.label, `server exited (code ${exit.code ?? exit.signal}) in ${exit.stopMs} ms; analysing ${dbFile}`);
    const runs = analyseRuns(dbFile, { window: { from, to }, checkType: 'ICMP' });
    return { dataDir, dbFile, created, window: { from, to }, process: processFigures, health, runs, exit, log: server.log };
  } finally {
    if (!stopped) await server.stop(5_000);
  }
}
