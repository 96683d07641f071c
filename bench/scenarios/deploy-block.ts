import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY, startServer } from '../lib/server';
import { fmt, median } from '../lib/stats';
import { pingProject } from '../../test/helpers/ping-project';

/** Issue 29, item 7: a deploy of thousands never blocks other requests for more than 100 ms. */
const TARGET_MS = 100;

/** A project of `checks` ICMP checks (each its own loopback address) in one group subscribed to a webhook channel, gzipped as the public CLI posts it. */
function project(checks: number): Buffer {
  return gzipSync(JSON.stringify(pingProject(checks, 'bench-block', '', (i) => `127.0.${(i >> 8) & 255}.${(i & 255) || 1}`)));
}

interface Phase {
  name: string;
  /** POST → answer of the deploy call itself. */
  callMs: number;
  status: number;
  /** The slowest of the GET /v1/checks?limit=1 answers made one after another while the call ran. */
  slowestMs: number;
  probes: number;
}

/** Runs `call` while a second client asks GET /v1/checks?limit=1 back to back; the slowest answer is what the call cost everyone else. */
async function measured(apiUrl: string, name: string, call: () => Promise<Response>): Promise<Phase> {
  let done = false;
  let slowestMs = 0;
  let probes = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${apiUrl}/v1/checks?limit=1`, { headers: { authorization: `Bearer ${BENCH_API_KEY}` } });
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      probes++;
    }
  })();
  const started = performance.now();
  const res = await call();
  await res.arrayBuffer();
  const callMs = performance.now() - started;
  done = true;
  await probe;
  return { name, callMs, status: res.status, slowestMs, probes };
}

export const deployBlock: Scenario = {
  name: 'deploy-block',
  title: 'What a deploy of thousands of checks costs every other request',
  description: (o) =>
    `Each of ${o.deployBlock.runs} runs starts \`sightline serve\` (scheduler running, default lanes) on a fresh data folder and posts, through the real ` +
    `\`POST /v1/projects/deploy\` as the public CLI does (gzip), a project of ${o.deployBlock.checks} ICMP checks in one group with a webhook channel: ` +
    'a dry run (preview), the first deploy (all CREATE, scheduleOnDeploy=false), a redeploy with nothing changed, a destroy preview and the destroy. ' +
    'During each call a second client asks `GET /v1/checks?limit=1` back to back; its slowest answer is how long the call kept other requests waiting ' +
    '(an idle answer takes a few ms). Figures are medians over the runs; the worst run is in the table.',
  async run(ctx) {
    const { checks, runs } = ctx.options.deployBlock;
    const body = project(checks);
    const loadBefore = loadavg().map((n) => n.toFixed(2)).join(' / ');
    const all: Phase[][] = [];
    for (let run = 0; run < Math.max(1, runs); run++) {
      const dataDir = makeTempDir('deploy-block');
      const server = await startServer({ dataDir });
      try {
        const post = (path: string) => () =>
          fetch(`${server.apiUrl}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
            body: new Uint8Array(body),
          });
        const destroy = (dryRun: boolean) => () =>
          fetch(`${server.apiUrl}/v1/projects/bench-block${dryRun ? '?dryRun=true' : ''}`, { method: 'DELETE', headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'x-checkly-source': 'CLI' } });
        const phases: Phase[] = [];
        phases.push(await measured(server.apiUrl, 'dry run (preview)', post('/v1/projects/deploy?dryRun=true&scheduleOnDeploy=false')));
        phases.push(await measured(server.apiUrl, 'deploy (all CREATE)', post('/v1/projects/deploy?dryRun=false&scheduleOnDeploy=false')));
        phases.push(await measured(server.apiUrl, 'redeploy (nothing changed)', post('/v1/projects/deploy?dryRun=false&scheduleOnDeploy=false')));
        phases.push(await measured(server.apiUrl, 'destroy preview', destroy(true)));
        phases.push(await measured(server.apiUrl, 'destroy', destroy(false)));
        all.push(phases);
        process.stdout.write(`  [deploy-block] run ${run + 1}: ${phases.map((p) => `${p.name} ${p.status} ${fmt.ms(p.callMs)} (others waited ≤ ${fmt.ms(p.slowestMs)})`).join('; ')}\n`);
      } finally {
        await server.stop();
        removeTempDir(dataDir);
      }
    }
    const names = all[0]?.map((p) => p.name) ?? [];
    const rows = names.map((name, i) => {
      const of = all.map((phases) => phases[i]).filter((p): p is Phase => p !== undefined);
      const slowest = median(of.map((p) => p.slowestMs));
      const worst = Math.max(...of.map((p) => p.slowestMs));
      const ok = of.every((p) => p.status >= 200 && p.status < 300);
      return {
        figure: `${name} of ${fmt.int(checks)} checks: longest wait of another request (median; worst)`,
        value: `${fmt.ms(slowest)}; ${fmt.ms(worst)} (call ${fmt.ms(median(of.map((p) => p.callMs)))}${ok ? '' : ', a call FAILED'})`,
        target: `≤ ${TARGET_MS} ms`,
        met: ok && slowest <= TARGET_MS,
      };
    });
    return {
      rows,
      tables: [
        {
          title: 'Every run',
          header: ['run', ...names.map((n) => `${n}: call / others waited`)],
          rows: all.map((phases, i) => [String(i + 1), ...phases.map((p) => `${p.status} ${fmt.ms(p.callMs)} / ${fmt.ms(p.slowestMs)} (${p.probes} answers)`)]),
        },
      ],
      notes: [`Load average before: ${loadBefore} on ${cpus().length} cores.`],
    };
  },
};
