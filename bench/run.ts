import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchScheduler } from './scheduler';

function machine(): string {
  const run = (command: string) => {
    try {
      return execSync(command, { encoding: 'utf8' }).trim();
    } catch {
      return 'unavailable';
    }
  };
  return [`nproc: ${run('nproc')}`, '`free -g`:', '```', run('free -g'), '```', `node: ${process.version}`].join('\n');
}

const monitors = Number(process.env.BENCH_MONITORS ?? 10_000);
const minutes = Number(process.env.BENCH_MINUTES ?? 3);
console.log(`Scheduler benchmark: ${monitors} activated ICMP monitors at 1-minute frequency, ${minutes} simulated minutes.`);
console.log('The executor is a NO-OP in-process stub: this measures the scheduler, the agent queue and storage, not ping.');
const r = await benchScheduler({ monitors, simulatedMinutes: minutes });
const rows: [string, string][] = [
  ['monitors', String(r.monitors)],
  ['simulated minutes', String(r.simulatedMinutes)],
  ['sessions started', String(r.sessionsStarted)],
  ['results written', String(r.resultsWritten)],
  ['real time for the simulated run (s)', r.realSeconds.toFixed(2)],
  ['results written / s (real time)', r.resultsPerSecond.toFixed(0)],
  ['scheduler lag p50 (ms)', r.lagP50Ms.toFixed(2)],
  ['scheduler lag p99 (ms)', r.lagP99Ms.toFixed(2)],
  ['scheduler lag max (ms)', r.lagMaxMs.toFixed(2)],
  ['bytes per stored ICMP result', r.bytesPerResult.toFixed(1)],
  ['setup: creating the monitors (s)', r.setupSeconds.toFixed(1)],
];
console.table(Object.fromEntries(rows));
const table = ['| measure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
const doc = `# Benchmarks

## Scheduler and storage (\`npm run bench\`)

${monitors} activated ICMP monitors at 1-minute frequency, ${minutes} simulated minutes on a ManualClock.
The executor is a **no-op in-process stub** (a passing 10-packet ping result returned at once): the
figures measure the scheduler (heap + one timer), the run coordinator's batched transactions, the
embedded agent's queue and SQLite storage, not \`ping\` itself. Simulated time advances to each
timer's due time and additionally by the real time spent handling it, so falling behind shows as lag
(dispatch time − due time). Bytes per result: ${r.bytesMethod}.

${table}

Machine:

${machine()}
`;
writeFileSync(join(fileURLToPath(new URL('.', import.meta.url)), 'RESULTS.md'), doc);
console.log('Wrote bench/RESULTS.md');
