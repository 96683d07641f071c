import type { HealthSnapshot } from './api';
import type { RunFigures } from './analyse-runs';
import type { HealthFigures, IcmpRunResult } from './icmp-run';
import type { ExtraTable } from './report';
import { fmt } from './stats';

const n = (value: number | null | undefined) => (value === null || value === undefined ? 'n/a' : String(value));

/** The lanes of /health as a table; "n/a" when the server does not report lanes yet. */
export function lanesTable(title: string, snapshot: HealthSnapshot, window?: HealthFigures): ExtraTable {
  if (!snapshot.available) {
    return { title, header: ['/health'], rows: [[`n/a — the server answered ${snapshot.raw.slice(0, 200) || 'nothing'}`]] };
  }
  return {
    title: `${title} — status ${snapshot.status ?? 'n/a'}${snapshot.icmpMode ? `, ICMP mode ${snapshot.icmpMode}` : ''}`,
    header: ['lane', 'capacity', 'running', 'queued', 'runs/min', 'oldest wait', 'started', 'late', 'skipped', 'skipped last hour', ...(window ? ['max running (window)', 'max queued (window)', 'max oldest wait (window)'] : [])],
    rows: snapshot.lanes.map((l) => [
      l.lane + (l.mode ? ` (${l.mode})` : ''),
      n(l.capacity),
      n(l.running),
      n(l.queued),
      n(l.runsPerMinute),
      l.oldestWaitMs === null ? 'n/a' : fmt.ms(l.oldestWaitMs),
      n(l.startedTotal),
      n(l.lateTotal),
      n(l.skippedTotal),
      n(l.skippedLastHour),
      ...(window ? [n(window.maxRunning[l.lane]), n(window.maxQueued[l.lane]), window.maxOldestWaitMs[l.lane] === undefined ? 'n/a' : fmt.ms(window.maxOldestWaitMs[l.lane])] : []),
    ]),
  };
}

/** Facts every real run reports besides its targets; `runs` (named by `label`) when another check type is the subject. */
export function runNotes(result: IcmpRunResult, runs: RunFigures = result.runs, label = ''): string[] {
  const r = runs;
  const notes = [
    `${label}window ${new Date(result.window.from).toISOString()} → ${new Date(result.window.to).toISOString()} (${r.windowSeconds.toFixed(0)} s); ${r.expected} planned slots of ${r.checks} checks; ${r.started} runs started, ${r.unfinished} without a FINAL result at stop, ${r.extraSessions} extra sessions, ${r.early} started before their slot`,
    `${label}whole server life: ${r.whole.finals} FINAL results (${r.whole.passed} passed, ${r.whole.degraded} degraded, ${r.whole.failing} failing, ${r.whole.cancelled} cancelled, ${r.whole.skipped} skipped), ${r.whole.attempts} ATTEMPT results`,
    `most live child processes at once: ${Object.entries(result.process.maxChildren).map(([name, count]) => `${name} ${count}`).join(', ') || 'none seen'}`,
    `server exit: code ${result.exit.code ?? result.exit.signal} after ${result.exit.stopMs} ms (SIGTERM); log ${result.log.lines} lines, ${result.log.warnings} warnings, ${result.log.errors} errors`,
  ];
  if (result.created.ids.length) notes.splice(1, 0, `ICMP monitors created through REST in ${result.created.seconds.toFixed(1)} s (${result.created.perSecond.toFixed(0)}/s)`);
  if (r.neverScheduled) notes.push(`${r.neverScheduled} activated checks never got a schedule row (never ran)`);
  if (r.failingSamples.length) notes.push(`failing samples: ${r.failingSamples.join('; ')}`);
  const messages = [...result.log.messages].slice(0, 8);
  if (messages.length) notes.push(`log warnings/errors: ${messages.map(([message, count]) => `"${message}" ×${count}`).join('; ')}`);
  return notes;
}
