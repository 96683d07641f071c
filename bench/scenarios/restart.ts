import { request } from 'node:http';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY, freePort, startServer } from '../lib/server';
import { fmt, median, sleep } from '../lib/stats';

type Probe = { status: number } | { refused: true };

function probe(port: number): Promise<Probe> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/v1/checks?limit=1', headers: { authorization: `Bearer ${BENCH_API_KEY}` }, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ refused: true }));
    req.end();
  });
}

/** Polls every 10 ms from now until the first 200; connection refused means not yet. */
async function firstAnswer(port: number, deadline: number, cancelled: () => boolean): Promise<{ at: number; otherStatuses: number[] }> {
  const otherStatuses: number[] = [];
  for (let i = 0; i < 100_000 && Date.now() < deadline && !cancelled(); i++) {
    const answer = await probe(port);
    if ('status' in answer) {
      if (answer.status === 200) return { at: Date.now(), otherStatuses };
      if (otherStatuses.length < 10) otherStatuses.push(answer.status);
    }
    await sleep(10);
  }
  throw new Error(`GET /v1/checks?limit=1 on port ${port} did not answer 200 within the deadline`);
}

export const restart: Scenario = {
  name: 'restart',
  title: 'restart with the icmp-10k data folder',
  description: (o) =>
    `\`sightline serve --no-console-build\` started again ${o.restart.repeats} times on the data folder icmp-10k left (${o.icmp.monitors} monitors and their ` +
    'results), on a port chosen beforehand; from spawn() to the first 200 of `GET /v1/checks?limit=1`, polled every 10 ms (connection refused = not yet). ' +
    'Each start is stopped with SIGTERM before the next.',
  async run(ctx) {
    if (!ctx.icmpRun) throw new Error('needs the data folder of icmp-10k, which did not complete');
    const times: number[] = [];
    const lineTimes: number[] = [];
    const rows: string[][] = [];
    for (let i = 0; i < ctx.options.restart.repeats; i++) {
      const port = await freePort();
      let cancelled = false;
      const polled = firstAnswer(port, Date.now() + 60_000, () => cancelled);
      polled.catch(() => undefined);
      const server = await startServer({ dataDir: ctx.icmpRun.dataDir, port }).catch((error: unknown) => {
        cancelled = true;
        throw error;
      });
      const answer = await polled.catch(async (error: unknown) => {
        await server.stop(90_000);
        throw error;
      });
      const exit = await server.stop(90_000);
      const ms = answer.at - server.spawnedAt;
      times.push(ms);
      lineTimes.push(server.apiLineAt - server.spawnedAt);
      rows.push([String(i + 1), fmt.ms(ms), fmt.ms(server.apiLineAt - server.spawnedAt), answer.otherStatuses.join(', ') || '—', `${exit.code ?? exit.signal} after ${exit.stopMs} ms`]);
      process.stdout.write(`  [restart] ${i + 1}: first answer after ${ms} ms\n`);
    }
    const mid = median(times);
    return {
      rows: [
        { figure: 'restarts', value: String(times.length) },
        { figure: 'spawn → first answered request (median)', value: fmt.ms(mid), target: '< 1.5 s', met: mid < 1500 },
        { figure: 'spawn → "listening" line (median)', value: fmt.ms(median(lineTimes)) },
      ],
      tables: [{ title: 'each restart', header: ['#', 'first answer', '"listening" line', 'other statuses before 200', 'exit after SIGTERM'], rows }],
    };
  },
};
