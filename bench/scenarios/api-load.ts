import { api } from '../lib/api';
import { analyseRuns, type RunFigures } from '../lib/analyse-runs';
import { createApiCheck, createApiChecks } from '../lib/api-checks';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { lanesTable, runNotes } from '../lib/figures';
import { createFlowChecks } from '../lib/flow-checks';
import { startFlowTarget } from '../lib/flow-target';
import { flowFigures, machineNotes } from '../lib/multistep-figures';
import { runMultiStepLoad, type MultiStepLoadResult } from '../lib/multistep-run';
import type { Row } from '../lib/report';
import type { Scenario } from '../lib/scenario';
import { startServer } from '../lib/server';
import { fmt, median } from '../lib/stats';
import { measureTypeStorage } from '../lib/storage';
import { DB_FILE } from '../lib/icmp-run';
import { join } from 'node:path';

const MB = 1024 * 1024;
/** An API run is over in well under a second against the local target: the window's last runs finish within this. */
const API_GRACE_MS = 20_000;

const ASSERTIONS_TEXT = 'GET <target>/items/<n> with two assertions (STATUS_CODE equals 200, JSON_BODY `$.name` equals "item")';

/** The figures of one API window that every API scenario reports. */
function apiFigures(result: MultiStepLoadResult, runs: RunFigures) {
  const cpu = result.cpu;
  const ran = runs.ranInWindow;
  const targetS = cpu.processes.target?.selfS ?? Number.NaN;
  return {
    ran,
    runsPerSecond: ran / runs.windowSeconds,
    machineCpuPerRunMs: ran > 0 ? (cpu.machineBusyS / ran) * 1000 : Number.NaN,
    machineButTargetPerRunMs: ran > 0 ? ((cpu.machineBusyS - targetS) / ran) * 1000 : Number.NaN,
    targetPerRunMs: ran > 0 ? (targetS / ran) * 1000 : Number.NaN,
    serverTreePerRunMs: ran > 0 ? ((cpu.groups.serverTree ?? Number.NaN) / ran) * 1000 : Number.NaN,
    notRun: Math.max(0, runs.expected - runs.ranSlots - runs.skipped),
    lane: result.load.health.last.lanes.find((l) => l.lane === 'API') ?? null,
  };
}

const ms = (n: number) => (Number.isFinite(n) ? `${fmt.fixed(n, 2)} ms` : 'n/a');

export const apiLoad: Scenario = {
  name: 'api-30k',
  title: 'API checks at 1 minute on the real server (issue 33)',
  description: (o) =>
    `${o.api.checks} activated API checks at frequency 1, each ${ASSERTIONS_TEXT}, against a local HTTP server in its own process on 127.0.0.1, ` +
    `created through REST on \`sightline serve\` (default lanes); ${o.api.warmupS} s warm-up, ${o.api.measureS} s measured, ${API_GRACE_MS / 1000} s for the ` +
    "window's runs to finish, SIGTERM. On time = first result started within 1 s of its planned slot; a slot skipped or never started is not on time. " +
    'CPU: /proc/stat busy ticks of the whole machine over the window (the target process measured apart from /proc/<pid>/stat and reported separately). ' +
    "Stored bytes: SQLite's dbstat over the stopped server's database (check_results, check_sessions, result_details and their indexes) ÷ FINAL API results.",
  async run(ctx) {
    const o = ctx.options.api;
    const result = await runMultiStepLoad({
      label: 'api',
      icmpMonitors: 0,
      pingCount: ctx.options.icmp.pingCount,
      warmupS: o.warmupS,
      measureS: o.measureS,
      graceMs: API_GRACE_MS,
      setUp: async (server, target) => {
        const created = await createApiChecks(server.apiUrl, o.checks, target.url, 'api');
        process.stdout.write(`  [api] ${o.checks} API checks created in ${created.seconds.toFixed(1)} s; target ${target.url}\n`);
      },
    });
    const runs = analyseRuns(result.load.dbFile, { window: result.load.window, checkType: 'API' });
    const storage = measureTypeStorage(result.load.dbFile, 'API');
    removeTempDir(result.load.dataDir);
    const f = apiFigures(result, runs);
    const rss = result.load.process.rssMaxBytes;
    const rows: Row[] = [
      { figure: 'API checks at 1 minute', value: `${fmt.int(o.checks)} (${fmt.fixed(o.checks / 60, 1)} runs/s planned)` },
      { figure: 'runs on time (started within 1 s of plan)', value: `${fmt.pct(runs.onTimeRatio)} (${runs.onTime} of ${runs.expected})`, target: '≥ 99.9 %', met: runs.onTimeRatio >= 0.999 },
      { figure: 'skipped runs', value: fmt.int(runs.skipped), target: '0', met: runs.skipped === 0 },
      { figure: 'failing runs (FINAL hasFailures/hasErrors/timedOut)', value: fmt.int(runs.failing), target: '0', met: runs.failing === 0 },
      { figure: 'planned / ran / not run by stop / missing', value: `${runs.expected} / ${f.ran} / ${f.notRun} / ${runs.missing}` },
      { figure: 'runs that ran, per second', value: fmt.fixed(f.runsPerSecond, 1) },
      { figure: 'lag p50 / p99 / max', value: `${fmt.ms(runs.lagP50Ms)} / ${fmt.ms(runs.lagP99Ms)} / ${fmt.ms(runs.lagMaxMs)}` },
      { figure: 'server RSS max', value: fmt.mb(rss), target: '< 600 MB', met: rss < 600 * MB },
      { figure: 'server RSS mean', value: fmt.mb(result.load.process.rssMeanBytes) },
      { figure: 'CPU per API run, whole machine without the target', value: ms(f.machineButTargetPerRunMs), target: '≤ 2 ms', met: f.machineButTargetPerRunMs <= 2 },
      { figure: 'CPU per API run: whole machine / the target apart / the server tree', value: [f.machineCpuPerRunMs, f.targetPerRunMs, f.serverTreePerRunMs].map(ms).join(' / ') },
      { figure: 'stored bytes per API run (all runs passed: per passing run)', value: `${fmt.fixed(storage.bytesPerRun, 1)} B (${storage.passingRuns} of ${storage.finalRuns} FINAL runs passed)`, target: '≤ 300 B', met: storage.finalRuns > 0 && storage.passingRuns === storage.finalRuns && storage.bytesPerRun <= 300 },
      { figure: 'of which result_details (bodies)', value: `${fmt.fixed(storage.finalRuns ? storage.detailBytes / storage.finalRuns : Number.NaN, 1)} B` },
      { figure: 'API lane: capacity / max running / max queued', value: `${f.lane?.capacity ?? 'n/a'} / ${result.load.health.maxRunning.API ?? 'n/a'} / ${result.load.health.maxQueued.API ?? 'n/a'}` },
    ];
    return {
      rows,
      tables: [lanesTable('/health at the end of the window', result.load.health.last, result.load.health)],
      notes: [...machineNotes(result), ...runNotes(result.load, runs, 'API: ')],
    };
  },
};

export const apiMixed: Scenario = {
  name: 'api-mixed',
  title: 'ICMP, API and multi-step checks at 1 minute on one server (issue 33)',
  description: (o) =>
    `${o.apiMix.icmp} ICMP monitors (pingCount ${o.icmp.pingCount}, each its own address in 127.0.0.0/8), ${o.apiMix.api} API checks (${ASSERTIONS_TEXT}) and ` +
    `${o.apiMix.multiStep} multi-step checks (issue 19's two-request flow), all at frequency 1 against local targets, created through REST on one \`sightline serve\` ` +
    `(default lanes); ${o.apiMix.warmupS} s warm-up, ${o.apiMix.measureS} s measured. On time = first result started within 1 s of its planned slot.`,
  async run(ctx) {
    const o = ctx.options.apiMix;
    const result = await runMultiStepLoad({
      label: 'apimix',
      icmpMonitors: o.icmp,
      pingCount: ctx.options.icmp.pingCount,
      warmupS: o.warmupS,
      measureS: o.measureS,
      setUp: async (server, target) => {
        const apis = await createApiChecks(server.apiUrl, o.api, target.url, 'mixed api');
        const flows = await createFlowChecks(server.apiUrl, o.multiStep, target.url, 'mixed flow');
        process.stdout.write(`  [apimix] ${o.api} API checks in ${apis.seconds.toFixed(1)} s, ${o.multiStep} flow checks in ${flows.seconds.toFixed(1)} s\n`);
      },
    });
    const apiRuns = analyseRuns(result.load.dbFile, { window: result.load.window, checkType: 'API' });
    removeTempDir(result.load.dataDir);
    const icmp = result.load.runs;
    const msRuns = result.multiStep;
    const flow = flowFigures(result);
    const a = apiFigures(result, apiRuns);
    const held = (r: RunFigures) => r.onTimeRatio >= 0.999;
    const line = (r: RunFigures, notRun: number) => `${r.skipped} / ${notRun} / ${r.failing}`;
    return {
      rows: [
        { figure: 'checks: ICMP / API / multi-step', value: `${fmt.int(o.icmp)} / ${fmt.int(o.api)} / ${fmt.int(o.multiStep)}` },
        { figure: 'ICMP runs on time', value: `${fmt.pct(icmp.onTimeRatio)} (${icmp.onTime} of ${icmp.expected})`, target: '≥ 99.9 %', met: held(icmp) },
        { figure: 'API runs on time', value: `${fmt.pct(apiRuns.onTimeRatio)} (${apiRuns.onTime} of ${apiRuns.expected})`, target: '≥ 99.9 %', met: held(apiRuns) },
        { figure: 'multi-step runs on time', value: `${fmt.pct(msRuns.onTimeRatio)} (${msRuns.onTime} of ${msRuns.expected})`, target: '≥ 99.9 %', met: held(msRuns) },
        { figure: 'skipped / not run by stop / failing: ICMP', value: line(icmp, icmp.missing) },
        { figure: 'skipped / not run by stop / failing: API', value: line(apiRuns, a.notRun) },
        { figure: 'skipped / not run by stop / failing: multi-step', value: line(msRuns, flow.notRun) },
        { figure: 'lag p99: ICMP / API / multi-step', value: [icmp, apiRuns, msRuns].map((r) => fmt.ms(r.lagP99Ms)).join(' / ') },
        { figure: 'server RSS max / mean', value: `${fmt.mb(result.load.process.rssMaxBytes)} / ${fmt.mb(result.load.process.rssMeanBytes)}` },
        { figure: 'CPU in the window, cores: whole machine / the server and all it started / target', value: [result.cpu.machineCores, (result.cpu.groups.serverTree ?? Number.NaN) / result.cpu.seconds, (result.cpu.processes.target?.selfS ?? Number.NaN) / result.cpu.seconds].map((n) => fmt.fixed(n, 2)).join(' / ') },
      ],
      tables: [lanesTable('/health at the end of the window', result.load.health.last, result.load.health)],
      notes: [...machineNotes(result), ...runNotes(result.load, apiRuns, 'API: '), ...runNotes(result.load, msRuns, 'multi-step: ')],
    };
  },
};

interface ResultRow {
  startedAt?: string;
  stoppedAt?: string;
  hasFailures?: boolean;
  hasErrors?: boolean;
}

/** Polls the check's results until its first one is recorded; answers ms from just before the create request, or NaN after the limit. */
async function firstResultMs(apiUrl: string, sentAt: number, checkId: string, limitMs: number): Promise<{ ms: number; passed: boolean }> {
  while (Date.now() - sentAt < limitMs) {
    const res = await api(apiUrl, 'GET', `/v1/check-results/${checkId}?limit=1`);
    const list = Array.isArray(res.body) ? (res.body as ResultRow[]) : [];
    if (res.status === 200 && list.length > 0) return { ms: Date.now() - sentAt, passed: !list[0].hasFailures && !list[0].hasErrors };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { ms: Number.NaN, passed: false };
}

export const apiFirstResult: Scenario = {
  name: 'api-first-result',
  title: 'create → first result of a new API check (issue 33)',
  description: (o) =>
    `A fresh \`sightline serve\` and the local target; ${o.apiFirst.checks} API checks (${ASSERTIONS_TEXT}, frequency 1) created one after another through ` +
    '`POST /v1/checks/api`; for each, the time from just before the create request to its first result being listed by `GET /v1/check-results/{checkId}` ' +
    '(polled every 5 ms, which is in the figure). Each check is deactivated again before the next one is created.',
  async run(ctx) {
    const o = ctx.options.apiFirst;
    const target = await startFlowTarget();
    const dataDir = makeTempDir('sightline-bench-apifirst-');
    const server = await startServer({ dataDir });
    try {
      const timings: { ms: number; passed: boolean }[] = [];
      for (let i = 0; i < o.checks; i++) {
        const sentAt = Date.now();
        const id = await createApiCheck(server.apiUrl, `first ${i}`, target.url, i);
        timings.push(await firstResultMs(server.apiUrl, sentAt, id, 70_000));
        await api(server.apiUrl, 'PUT', `/v1/checks/api/${id}`, { activated: false });
      }
      const values = timings.map((t) => t.ms).filter(Number.isFinite);
      const med = values.length === timings.length ? median(values) : Number.NaN;
      const max = values.length === timings.length ? Math.max(...values) : Number.NaN;
      return {
        rows: [
          { figure: 'new API checks', value: fmt.int(o.checks) },
          { figure: 'create → first result, median', value: Number.isFinite(med) ? fmt.ms(med) : `${timings.length - values.length} had no result within 70 s`, target: '< 300 ms', met: med < 300 },
          { figure: 'create → first result, max', value: Number.isFinite(max) ? fmt.ms(max) : 'n/a' },
          { figure: 'first results that passed', value: `${timings.filter((t) => t.passed).length} of ${timings.length}` },
        ],
        tables: [{ title: 'each check', header: ['#', 'create → first result', 'passed'], rows: timings.map((t, i) => [String(i + 1), Number.isFinite(t.ms) ? fmt.ms(t.ms) : 'none in 70 s', t.passed ? 'yes' : 'no']) }],
        notes: [`database ${join(dataDir, DB_FILE)} removed after the run`],
      };
    } finally {
      await server.stop();
      await target.stop();
      removeTempDir(dataDir);
    }
  },
};
