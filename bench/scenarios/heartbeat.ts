import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { api } from '../lib/api';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { DB_FILE } from '../lib/icmp-run';
import type { Row } from '../lib/report';
import type { Scenario } from '../lib/scenario';
import { startServer } from '../lib/server';
import { fmt, percentile, sleep } from '../lib/stats';

const MB = 1024 * 1024;
const PERIOD_S = 60;
/** Connections the pinging client keeps open (the server's per-address limit is raised to match). */
const SOCKETS = 64;

interface Beat {
  id: string;
  url: string;
  /** Seconds into each minute at which it is pinged. */
  offsetMs: number;
  missed: boolean;
  lastPingAt: number;
}

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** One GET through the keep-alive agent: its status and how long it took, in ms. */
function ping(url: string, agent: Agent): Promise<{ status: number; ms: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end();
  });
}

/** Creates the heartbeats through REST, `concurrency` requests at a time. */
async function createBeats(apiUrl: string, count: number, graceS: number, missed: number): Promise<Beat[]> {
  const beats: Beat[] = new Array(count);
  const missEvery = missed > 0 ? Math.max(1, Math.floor(count / missed)) : Number.POSITIVE_INFINITY;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await api(apiUrl, 'POST', '/v1/checks/heartbeat', {
        name: `beat ${i}`,
        heartbeat: { period: 1, periodUnit: 'minutes', grace: graceS, graceUnit: 'seconds' },
        alertChannelSubscriptions: [],
      });
      if (res.status !== 201) throw new Error(`creating heartbeat ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      const body = res.body as { id: string; heartbeat: { pingUrl: string } };
      beats[i] = { id: body.id, url: body.heartbeat.pingUrl, offsetMs: Math.floor((i / count) * PERIOD_S * 1000), missed: i % missEvery === 0 && Math.floor(i / missEvery) < missed, lastPingAt: 0 };
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return beats;
}

/** The warm-up in whole periods (at least one): the ping loop measures from the start of a minute. */
function warmupMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / PERIOD_S));
}

export const heartbeatLoad: Scenario = {
  name: 'heartbeat-50k',
  title: 'Heartbeats pinged once a minute through the real ping endpoint (issue 34)',
  description: (o) =>
    `${o.heartbeat.monitors} heartbeat monitors (period 1 minute, grace ${o.heartbeat.graceS} s) created through REST on \`sightline serve\`; ` +
    `each pinged with GET on its ping URL once a minute, spread evenly over the minute (${fmt.fixed(o.heartbeat.monitors / PERIOD_S, 1)} pings/s), ` +
    `from one client with ${SOCKETS} keep-alive connections; ${warmupMinutes(o.heartbeat.warmupS)} warm-up minute(s) in which every heartbeat is pinged (the first recovers those that failed while the rest were being created, ` +
    'a storm of recoveries a running fleet does not have; the measured window is the steady state), ' +
    `then ${o.heartbeat.measureS} s measured ` +
    `in which ${o.heartbeat.missed} of them (evenly spread) are no longer pinged. Ping latency: request to end of response at the client. ` +
    'A missed heartbeat is on time when its first failing result after its last ping is stored within 5 s of that ping + period + grace (read from the stopped server\'s database); ' +
    'a pinged heartbeat counts as wrongly failed when it has a failing result in the measured minutes (those created first miss their first deadline while the rest are still being created, and fail then, correctly). ' +
    'RSS: /proc/<pid>/status VmRSS of the server process, sampled each second.',
  async run(ctx) {
    const o = ctx.options.heartbeat;
    const dataDir = makeTempDir('heartbeat');
    const server = await startServer({ dataDir, extraArgs: ['--max-connections-per-address', String(SOCKETS * 4)] });
    const rss: { at: number; bytes: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: Date.now(), bytes: rssOf(server.pid) }), 1000);
    const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
    let stopped = false;
    try {
      const createdAt = Date.now();
      const beats = await createBeats(server.apiUrl, o.monitors, o.graceS, o.missed);
      process.stdout.write(`  [heartbeat] ${o.monitors} heartbeats created in ${((Date.now() - createdAt) / 1000).toFixed(1)} s\n`);
      const order = [...beats].sort((a, b) => a.offsetMs - b.offsetMs);
      const latencies: number[] = [];
      /** The measured pings by minute of the measured window, to tell a steady p99 from one slow stretch. */
      const byMinute: number[][] = [];
      // BENCH_HEARTBEAT_TRACE=<file>: every ping's send time (ms after the warm-up minute began) and latency, to find what a p99 is made of.
      const trace: string[] | null = process.env.BENCH_HEARTBEAT_TRACE ? [] : null;
      const statuses = new Map<number, number>();
      const inFlight = new Set<Promise<void>>();
      const start = Date.now();
      const warmupEnd = start + warmupMinutes(o.warmupS) * PERIOD_S * 1000;
      const end = warmupEnd + o.measureS * 1000;
      let minute = 0;
      let cursor = 0;
      while (Date.now() < end) {
        const now = Date.now();
        const minuteStart = start + minute * PERIOD_S * 1000;
        for (; cursor < order.length && minuteStart + (order[cursor] as Beat).offsetMs <= now; cursor++) {
          const beat = order[cursor] as Beat;
          if (beat.missed && minuteStart >= warmupEnd) continue;
          const measured = minuteStart >= warmupEnd;
          const sentAt = Date.now();
          const done = ping(beat.url, agent).then(({ status, ms }) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 200) beat.lastPingAt = Math.max(beat.lastPingAt, sentAt);
            if (measured) {
              latencies.push(ms);
              const index = Math.floor((minuteStart - warmupEnd) / (PERIOD_S * 1000));
              (byMinute[index] ??= []).push(ms);
            }
            trace?.push(`${sentAt - start} ${ms.toFixed(1)}`);
          });
          inFlight.add(done);
          void done.finally(() => inFlight.delete(done));
        }
        if (cursor >= order.length) {
          minute++;
          cursor = 0;
        }
        await sleep(5);
      }
      await Promise.all(inFlight);
      if (trace && process.env.BENCH_HEARTBEAT_TRACE) writeFileSync(process.env.BENCH_HEARTBEAT_TRACE, `${trace.join('\n')}\n`);
      const peakOf = (from: number, to: number) => Math.max(...rss.filter((r) => r.at >= from && r.at < to && Number.isFinite(r.bytes)).map((r) => r.bytes));
      const peakRss = peakOf(0, Number.POSITIVE_INFINITY);
      const rssByPhase = `creating ${fmt.mb(peakOf(0, start))}, warm-up ${fmt.mb(peakOf(start, warmupEnd))}, measured ${fmt.mb(peakOf(warmupEnd, Number.POSITIVE_INFINITY))}`;
      await server.stop();
      stopped = true;

      const db = new Database(join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
      // A heartbeat whose deadline passed while the others were still being created fails before its
      // first ping (correctly): only failures after its last ping (missed ones) and failures in the
      // measured minutes (pinged ones) are counted.
      const firstFailure = db.prepare(
        'select min(r.started_at) as at from check_results r join check_schedule s on s.check_num = r.check_num where s.check_id = ? and (r.flags & 1) = 1 and r.started_at > ?',
      );
      const failedInMeasure = db.prepare(
        'select distinct s.check_id as id from check_results r join check_schedule s on s.check_num = r.check_num where (r.flags & 1) = 1 and r.started_at >= ?',
      );
      const missedIds = new Set(beats.filter((b) => b.missed).map((b) => b.id));
      const wronglyFailed = { n: (failedInMeasure.all(warmupEnd) as { id: string }[]).filter((row) => !missedIds.has(row.id)).length };
      const missedBeats = beats.filter((b) => b.missed);
      const lateness: number[] = [];
      let notFailed = 0;
      for (const beat of missedBeats) {
        const row = firstFailure.get(beat.id, beat.lastPingAt) as { at: number | null };
        if (row.at === null) {
          notFailed++;
          continue;
        }
        lateness.push(row.at - (beat.lastPingAt + PERIOD_S * 1000 + o.graceS * 1000));
      }
      db.close();
      latencies.sort((a, b) => a - b);
      lateness.sort((a, b) => a - b);
      const onTime = lateness.filter((ms) => ms <= 5_000).length;
      const p99 = percentile(latencies, 99);
      const failedOthers = wronglyFailed.n;
      const rows: Row[] = [
        { figure: 'heartbeats pinged once a minute', value: `${fmt.int(o.monitors)} (${fmt.fixed(o.monitors / PERIOD_S, 1)} pings/s planned)` },
        { figure: 'pings measured (answers by status)', value: `${fmt.int(latencies.length)} (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')})` },
        { figure: 'ping latency p50 / p99 / max', value: `${fmt.ms(percentile(latencies, 50))} / ${fmt.ms(p99)} / ${fmt.ms(latencies[latencies.length - 1] ?? Number.NaN)}`, target: 'p99 < 50 ms', met: p99 < 50 },
        {
          figure: 'ping latency p99 by measured minute',
          value: byMinute.map((minute) => fmt.ms(percentile([...minute].sort((a, b) => a - b), 99))).join(' / '),
        },
        {
          figure: 'missed heartbeats failing within 5 s of period + grace',
          value: `${onTime} of ${missedBeats.length} (never failed: ${notFailed}; lateness p50 / max ${fmt.ms(percentile(lateness, 50))} / ${fmt.ms(lateness[lateness.length - 1] ?? Number.NaN)})`,
          target: 'all',
          met: missedBeats.length > 0 && onTime === missedBeats.length,
        },
        { figure: 'pinged heartbeats that failed', value: fmt.int(Math.max(0, failedOthers)), target: '0', met: failedOthers <= 0 },
        { figure: 'server RSS max', value: fmt.mb(peakRss), target: '< 600 MB', met: peakRss < 600 * MB },
        { figure: 'server RSS max by phase', value: rssByPhase },
      ];
      const messages = [...server.log.messages].slice(0, 5).map(([message, n]) => `${n} × ${message}`);
      return { rows, notes: [`Server log: ${server.log.warnings} warnings, ${server.log.errors} errors${messages.length ? `: ${messages.join('; ')}` : ''}.`] };
    } finally {
      clearInterval(sampler);
      agent.destroy();
      if (!stopped) await server.stop();
      removeTempDir(dataDir);
    }
  },
};
