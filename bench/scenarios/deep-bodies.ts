import { Agent, request } from 'node:http';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { apiExpect } from '../lib/api';
import { readRssBytes } from '../lib/proc-sampler';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY, startServer, type ServerHandle } from '../lib/server';
import { fmt, percentile, sleep } from '../lib/stats';

/** Where the deep bodies go: the routes that parsed them before any key check (issue 18, item 1), and two that take a key. */
const BURST_TARGETS = ['/console/session', '/status/acme/subscribe', '/status/no-such-page/subscribe'];
const KEYED_TARGETS = ['/v1/checks/icmp', '/trpc/checks.createIcmp'];
/** The burst comes from three addresses, as the tester's did. */
const SENDERS = ['127.0.0.11', '127.0.0.12', '127.0.0.13'];
const MIN_WINDOW_MS = 1000;
const IDLE_MS = 10_000;
const MB = 1024 * 1024;

interface Window {
  samples: number[];
  ms: number;
}

/** Closed-loop GET /v1/checks with the key on `workers` keep-alive connections until `done()`; each sample is one request's ms. */
async function restLoad(url: string, workers: number, done: () => boolean): Promise<Window> {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const samples: number[] = [];
  const started = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const sent = performance.now();
      const req = request(`${url}/v1/checks?limit=10`, { agent, headers: { authorization: `Bearer ${BENCH_API_KEY}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET /v1/checks answered ${res.statusCode} during the load`));
          samples.push(performance.now() - sent);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  // Bounded: a stalled server still ends the loop when the burst is answered.
  const worker = async () => {
    for (let i = 0; i < 100_000 && !done(); i++) await one();
  };
  await Promise.all(Array.from({ length: workers }, worker));
  agent.destroy();
  return { samples, ms: performance.now() - started };
}

/** POSTs a deep body on a connection of its own; the outcome is the status, or how the server closed the connection. */
function postDeep(url: string, path: string, body: Buffer, localAddress: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    let answered = false;
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent: false, localAddress, headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers } },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve(`closed (${error.code ?? error.message})`);
    });
    req.end(body);
  });
}

function tally(outcomes: string[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${n}× ${outcome}`).join(', ');
}

function latencyRow(name: string, window: Window): string[] {
  const sorted = [...window.samples].sort((a, b) => a - b);
  return [name, fmt.int(sorted.length), fmt.ms(window.ms), `${fmt.fixed(percentile(sorted, 50), 1)} ms`, `${fmt.fixed(percentile(sorted, 99), 1)} ms`, `${fmt.fixed(sorted.at(-1) ?? NaN, 1)} ms`];
}

export const deepBodies: Scenario = {
  name: 'deep-bodies',
  title: 'REST latency and server memory while deeply nested JSON bodies arrive (issue 18, item 1)',
  description: (o) =>
    `\`sightline serve\` with a published status page \`acme\`; ${o.deepBodies.workers} keep-alive connections send \`GET /v1/checks?limit=10\` with the key ` +
    `back to back (closed loop), first for ${o.deepBodies.baselineS} s alone, then while a burst of ${o.deepBodies.burst} bodies \`{"email":[[[…]]]}\` ` +
    `nested ${fmt.int(o.deepBodies.depth)} deep (about ${fmt.mb(2 * o.deepBodies.depth)}) is sent at once, without a key, to ${BURST_TARGETS.join(', ')} in turn, ` +
    `from ${SENDERS.join(', ')} (one connection each). "During" runs from the first deep body until the last is answered (at least ${MIN_WINDOW_MS / 1000} s). ` +
    `Then ${o.deepBodies.followUp} more deep bodies, 4 at a time, to those routes and, with the key, to ${KEYED_TARGETS.join(' and ')}; ` +
    `RSS of the server process (/proc/<pid>/status VmRSS) at the start, after the GET load alone, after the burst, after the follow-up, its peak ` +
    `in between (sampled every 50 ms) and ${IDLE_MS / 1000} s after the last deep body. The bench and the server share the machine's 2 cores.`,
  async run(ctx) {
    const o = ctx.options.deepBodies;
    const dataDir = makeTempDir('deep-bodies');
    let server: ServerHandle | null = null;
    try {
      server = await startServer({ dataDir });
      const url = server.apiUrl;
      const pid = server.pid;
      await apiExpect(url, 'POST', '/v1/status-pages', { name: 'Acme status', url: 'acme', cards: [] }, 201);
      const deep = Buffer.from(`{"email":${'['.repeat(o.depth)}${']'.repeat(o.depth)}}`);
      await sleep(1000);
      const rssStart = readRssBytes(pid) ?? NaN;

      const baselineEnds = performance.now() + o.baselineS * 1000;
      const before = await restLoad(url, o.workers, () => performance.now() >= baselineEnds);
      const rssAfterLoad = readRssBytes(pid) ?? NaN;
      // Sampled while the deep bodies arrive: the peak is what the host must have to spare.
      let rssPeak = rssAfterLoad;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, readRssBytes(pid) ?? 0);
      }, 50);

      let burstDone = false;
      const burstStarted = performance.now();
      const burst = Promise.all(Array.from({ length: o.burst }, (_, i) => postDeep(url, BURST_TARGETS[i % BURST_TARGETS.length], deep, SENDERS[i % SENDERS.length]))).then((outcomes) => {
        burstDone = true;
        return { outcomes, ms: performance.now() - burstStarted };
      });
      const during = await restLoad(url, o.workers, () => burstDone && performance.now() - burstStarted >= MIN_WINDOW_MS);
      const answered = await burst;
      const rssAfterBurst = readRssBytes(pid) ?? NaN;

      const followTargets = [...BURST_TARGETS, ...KEYED_TARGETS];
      const followOutcomes: string[] = [];
      for (let i = 0; i < o.followUp; i += 4) {
        const batch = Array.from({ length: Math.min(4, o.followUp - i) }, (_, j) => {
          const path = followTargets[(i + j) % followTargets.length];
          const keyed: Record<string, string> = KEYED_TARGETS.includes(path) ? { authorization: `Bearer ${BENCH_API_KEY}` } : {};
          return postDeep(url, path, deep, SENDERS[(i + j) % SENDERS.length], keyed).then((outcome) => `${path} ${outcome}`);
        });
        followOutcomes.push(...(await Promise.all(batch)));
      }
      const rssAfterFollowUp = readRssBytes(pid) ?? NaN;
      clearInterval(sampler);
      await sleep(IDLE_MS);
      const rssIdle = readRssBytes(pid) ?? NaN;

      const p99During = percentile([...during.samples].sort((a, b) => a - b), 99);
      const grown = rssPeak - rssAfterLoad;
      return {
        rows: [
          { figure: `REST p99 during the burst of ${o.burst} deep bodies`, value: `${fmt.fixed(p99During, 1)} ms`, target: '< 100 ms', met: p99During < 100 },
          { figure: 'REST p99 before the burst', value: `${fmt.fixed(percentile([...before.samples].sort((a, b) => a - b), 99), 1)} ms` },
          { figure: 'burst: first deep body sent → last answered', value: fmt.ms(answered.ms) },
          {
            figure: `server RSS growth while ${o.burst + o.followUp} deep bodies arrive (peak above the RSS after the GET load alone)`,
            value: `${fmt.mb(grown)} (${fmt.mb(rssAfterLoad)} → ${fmt.mb(rssPeak)})`,
            target: '< 100 MB',
            met: grown < 100 * MB,
          },
          { figure: `server RSS ${IDLE_MS / 1000} s after the last deep body`, value: `${fmt.mb(rssIdle)} (${fmt.mb(rssStart)} at the start)` },
        ],
        tables: [
          { title: 'GET /v1/checks latency', header: ['window', 'requests', 'length', 'p50', 'p99', 'max'], rows: [latencyRow('before the burst', before), latencyRow('during the burst', during)] },
          {
            title: 'server RSS',
            header: ['when', 'RSS'],
            rows: [
              ['start (after creating the status page)', fmt.mb(rssStart)],
              [`after ${o.baselineS} s of GET load alone`, fmt.mb(rssAfterLoad)],
              [`after the burst of ${o.burst}`, fmt.mb(rssAfterBurst)],
              [`after ${o.followUp} more`, fmt.mb(rssAfterFollowUp)],
              ['peak while the deep bodies arrived (sampled every 50 ms)', fmt.mb(rssPeak)],
              [`${IDLE_MS / 1000} s later`, fmt.mb(rssIdle)],
            ],
          },
        ],
        notes: [`burst answers: ${tally(answered.outcomes)}`, `follow-up answers: ${tally(followOutcomes)}`, `server log: ${server.log.warnings} warnings, ${server.log.errors} errors`],
      };
    } finally {
      await server?.stop(60_000);
      removeTempDir(dataDir);
    }
  },
};
