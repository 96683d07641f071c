import { analyseRuns } from '../lib/analyse-runs';
import { api } from '../lib/api';
import { removeTempDir } from '../lib/cleanup';
import { lanesTable } from '../lib/figures';
import { createFlowChecks, createMultiStepCheck, FAULTY_SCRIPTS, type FaultyScript } from '../lib/flow-checks';
import { flowFigures, machineNotes } from '../lib/multistep-figures';
import type { Row } from '../lib/report';
import { runMultiStepLoad } from '../lib/multistep-run';
import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

interface ListedResult {
  hasFailures: boolean;
  hasErrors: boolean;
  isCancelled: boolean;
  error: { kind: string; message: string } | null;
  multiStepCheckResult: Record<string, unknown> | null;
}

interface FaultOutcome {
  fault: FaultyScript;
  id: string;
  finals: number;
  skipped: number;
  cancelled: number;
  failing: number;
  passed: number;
  kinds: Map<string, number>;
  sample: string;
  runtime: string;
}

/** A hung run's retry (doubleCheck) and its 40 s limit: the window's last faulty runs need longer than the flows. */
const FAULTS_GRACE_MS = 95_000;

/** The check's FINAL results of the server's life, through the API a user reads them with (newest 100). */
async function outcomeOf(apiUrl: string, fault: FaultyScript, id: string): Promise<FaultOutcome> {
  const res = await api(apiUrl, 'GET', `/v1/check-results/${id}?limit=100&resultType=FINAL`);
  const results = res.status === 200 && Array.isArray(res.body) ? (res.body as ListedResult[]) : [];
  const outcome: FaultOutcome = { fault, id, finals: results.length, skipped: 0, cancelled: 0, failing: 0, passed: 0, kinds: new Map(), sample: '', runtime: 'n/a' };
  for (const result of results) {
    if (result.error?.kind === 'SKIPPED') outcome.skipped++;
    else if (result.isCancelled) outcome.cancelled++;
    else if (result.hasFailures || result.hasErrors) outcome.failing++;
    else outcome.passed++;
    if (result.error && result.error.kind !== 'SKIPPED') {
      const kind = `${result.error.kind}${/memory limit/.test(result.error.message) ? ' (memory limit)' : ''}`;
      outcome.kinds.set(kind, (outcome.kinds.get(kind) ?? 0) + 1);
      if (!outcome.sample) outcome.sample = result.error.message.replace(/\s+/g, ' ').slice(0, 240);
    }
    const runtime = result.multiStepCheckResult?.runtime;
    if (runtime !== undefined && outcome.runtime === 'n/a') outcome.runtime = String(runtime);
  }
  return outcome;
}

function expectedKind(outcome: FaultOutcome): boolean {
  const kinds = [...outcome.kinds.keys()];
  if (!kinds.length) return false;
  if (outcome.fault.expected === 'TIMEOUT') return kinds.every((k) => k.startsWith('TIMEOUT'));
  if (outcome.fault.expected === 'memory limit') return kinds.every((k) => k.includes('memory limit'));
  return kinds.every((k) => k.startsWith('SCRIPT_ERROR'));
}

function faultRow(o: FaultOutcome): Row {
  const ran = o.failing + o.passed;
  const kinds = [...o.kinds].map(([kind, count]) => `${kind} ×${count}`).join(', ') || 'none';
  return {
    figure: `${o.fault.key}: FINAL results failing / ran (skipped, cancelled)`,
    value: `${o.failing} / ${ran} (${o.skipped}, ${o.cancelled}); ${kinds}`,
    target: `every run fails, ${o.fault.expected}`,
    met: ran > 0 && o.passed === 0 && expectedKind(o),
  };
}

export const multistepFaults: Scenario = {
  name: 'multistep-faults',
  title: 'a hung, an oversized and an exiting script among healthy multi-step checks',
  description: (o) =>
    `${o.msfaults.healthy} MULTI_STEP flow checks (issue 19's two-request flow against a local HTTP server in its own process) plus ${FAULTY_SCRIPTS.length} faulty ` +
    `ones (${FAULTY_SCRIPTS.map((f) => f.key).join('; ')}), all at frequency 1 with the defaults a user gets (doubleCheck on, no maxResponseTime: 30 s run limit, ` +
    `512 MB memory limit), created through REST on \`sightline serve\`; ${o.msfaults.warmupS} s warm-up, ${o.msfaults.measureS} s measured, ` +
    `${FAULTS_GRACE_MS / 1000} s grace. Healthy figures are slot by slot in the window; each faulty check's FINAL results over the server's life are read ` +
    'through `GET /v1/check-results/{checkId}` (error kind and message as a user sees them).',
  async run(ctx) {
    const o = ctx.options.msfaults;
    let healthyIds: string[] = [];
    const faultyIds: string[] = [];
    let outcomes: FaultOutcome[] = [];
    const result = await runMultiStepLoad({
      label: 'msfaults',
      icmpMonitors: 0,
      pingCount: ctx.options.icmp.pingCount,
      warmupS: o.warmupS,
      measureS: o.measureS,
      graceMs: FAULTS_GRACE_MS,
      setUp: async (server, target) => {
        for (const fault of FAULTY_SCRIPTS) faultyIds.push(await createMultiStepCheck(server.apiUrl, { name: `faulty: ${fault.key}`, script: fault.script, apiBase: target.url }));
        healthyIds = (await createFlowChecks(server.apiUrl, o.healthy, target.url, 'healthy flow')).ids;
        process.stdout.write(`  [msfaults] ${faultyIds.length} faulty and ${healthyIds.length} healthy checks created\n`);
      },
      beforeStop: async (server) => {
        outcomes = await Promise.all(FAULTY_SCRIPTS.map((fault, i) => outcomeOf(server.apiUrl, fault, faultyIds[i])));
      },
    });
    const healthy = analyseRuns(result.load.dbFile, { window: result.load.window, checkType: 'MULTI_STEP', checkIds: healthyIds });
    removeTempDir(result.load.dataDir);
    const f = flowFigures(result, healthy);
    return {
      rows: [
        { figure: 'healthy checks / faulty checks', value: `${fmt.int(healthyIds.length)} / ${faultyIds.length}` },
        { figure: 'healthy runs on time', value: `${fmt.pct(healthy.onTimeRatio, 1)} (${healthy.onTime} of ${healthy.expected})`, target: '≥ 99.9 %', met: healthy.onTimeRatio >= 0.999 },
        {
          figure: 'healthy runs failing / skipped / not run by stop',
          value: `${healthy.failing} / ${healthy.skipped} / ${f.notRun}`,
          target: '0 / 0 / 0',
          met: healthy.failing === 0 && healthy.skipped === 0 && f.notRun === 0,
        },
        { figure: 'healthy lag p50 / p99 / max', value: `${fmt.ms(healthy.lagP50Ms)} / ${fmt.ms(healthy.lagP99Ms)} / ${fmt.ms(healthy.lagMaxMs)}` },
        ...outcomes.map(faultRow),
        { figure: 'server RSS max', value: fmt.mb(result.load.process.rssMaxBytes) },
      ],
      tables: [
        {
          title: 'faulty checks, their latest error as the API shows it',
          header: ['script', 'expected', 'FINAL results', 'error', 'runtime field'],
          rows: outcomes.map((o) => [o.fault.key, o.fault.expected, String(o.finals), o.sample || '—', o.runtime]),
        },
        lanesTable('/health at the end of the window', result.load.health.last, result.load.health),
      ],
      notes: [
        ...machineNotes(result),
        `healthy: ${healthy.started} runs started in the window's slots, ${f.ran} ran and started in the window; whole life ${healthy.whole.finals} FINAL results (${healthy.whole.passed} passed, ${healthy.whole.failing} failing, ${healthy.whole.skipped} skipped)`,
        ...(healthy.failingSamples.length ? [`healthy failing samples: ${healthy.failingSamples.join('; ')}`] : []),
      ],
    };
  },
};
