import Database from 'better-sqlite3';
import { cadenceOf, type Cadence } from '../../src-shared/rules/schedule';
import { percentile } from './stats';

/** RESULT_FLAGS of src-main/db/repositories/runs-results.ts (stored bits, append-only). */
export const FLAG = { hasFailures: 1, hasErrors: 2, isDegraded: 4, aborted: 8, isCancelled: 16, timedOut: 64, skipped: 256 } as const;
const FAILING = FLAG.hasFailures | FLAG.hasErrors | FLAG.timedOut;
const FINAL = 0;
/** Started within this of its planned slot counts as on time (issue 8). */
export const ON_TIME_MS = 1000;
/** A session dispatched this much before its slot still belongs to it (timer jitter). */
const EARLY_TOLERANCE_MS = 2000;

export interface RunWindow {
  /** Epoch ms, inclusive: slots planned in [from, to) are counted. */
  from: number;
  to: number;
}

export interface RunFigures {
  checks: number;
  /** Activated checks the scheduler never gave a check_num (so never ran). */
  neverScheduled: number;
  /** Planned slots in the window, from each check's cadence. */
  expected: number;
  onTime: number;
  onTimeRatio: number;
  /** Runs that started (a result exists and it was not skipped). */
  started: number;
  skipped: number;
  /** Slots with no session at all. */
  missing: number;
  /** Sessions of the window with no FINAL result by the time the server stopped. */
  unfinished: number;
  /** FINAL, not skipped, with hasFailures, hasErrors or timedOut. */
  failing: number;
  degraded: number;
  /** Cancelled but not skipped (e.g. stopped by the drain at shutdown). */
  cancelled: number;
  /** More than one session for one slot (only the nearest is counted). */
  extraSessions: number;
  /** Runs that began before their slot (counted on time when within 1 s). */
  early: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** FINAL results, not skipped, whose run started in the window, per second. */
  finalPerSecond: number;
  /** FINAL results neither skipped nor cancelled whose run started in the window: the runs that ran (issue 19). */
  ranInWindow: number;
  /** Planned slots whose FINAL result is neither skipped nor cancelled (where the run started does not matter). */
  ranSlots: number;
  windowSeconds: number;
  /** Over the server's whole life, not only the window. */
  whole: { finals: number; attempts: number; skipped: number; failing: number; degraded: number; cancelled: number; passed: number };
  /** A few failing results, for the report. */
  failingSamples: string[];
}

interface CheckRow {
  id: string;
  checkType: string;
  frequency: number | null;
  frequencyOffset: number | null;
  checkNum: number | null;
}

interface SessionRow {
  id: number;
  checkNum: number;
  startedAt: number;
  status: number;
}

interface ResultAgg {
  firstStart: number;
  finalFlags: number | null;
  finalStart: number | null;
}

export interface AnalyseOptions {
  window: RunWindow;
  /** Only checks of this type (ICMP, MULTI_STEP, ...); all when absent. */
  checkType?: string;
  /** Only these checks (e.g. the healthy ones of a scenario apart from its faulty ones). */
  checkIds?: readonly string[];
}

/** Latest slot ≤ t of a cadence. */
function slotAtOrBefore(t: number, cadence: Cadence): number {
  return Math.floor((t - cadence.phaseMs) / cadence.periodMs) * cadence.periodMs + cadence.phaseMs;
}

/**
 * Reads a stopped server's database (read-only) and judges every planned slot of the window: a
 * session belongs to the latest slot at or before its dispatch (session started_at); its lag is the
 * first result's started_at (when ping/fping started) minus that slot.
 */
export function analyseRuns(dbFile: string, options: AnalyseOptions): RunFigures {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const { from, to } = options.window;
    const ids = options.checkIds ?? null;
    const checks = db
      .prepare(
        `select c.id as id, c.check_type as checkType, json_extract(c.body, '$.frequency') as frequency,
                json_extract(c.body, '$.frequencyOffset') as frequencyOffset, s.check_num as checkNum
           from checks c left join check_schedule s on s.check_id = c.id
          where c.activated = 1 ${options.checkType ? 'and c.check_type = ?' : ''} ${ids ? `and c.id in (${ids.map(() => '?').join(',') || "''"})` : ''}`,
      )
      .all(...(options.checkType ? [options.checkType] : []), ...(ids ?? [])) as CheckRow[];
    const cadenceByNum = new Map<number, Cadence>();
    let neverScheduled = 0;
    let expected = 0;
    let maxPeriod = 0;
    for (const check of checks) {
      const cadence = cadenceOf(check.frequency ?? 10, check.frequencyOffset, check.id);
      maxPeriod = Math.max(maxPeriod, cadence.periodMs);
      const first = Math.ceil((from - cadence.phaseMs) / cadence.periodMs);
      const last = Math.ceil((to - cadence.phaseMs) / cadence.periodMs) - 1;
      expected += Math.max(0, last - first + 1);
      if (check.checkNum === null) neverScheduled++;
      else cadenceByNum.set(check.checkNum, cadence);
    }

    const sessions = (db.prepare('select id, check_num as checkNum, started_at as startedAt, status from check_sessions where started_at >= ? and started_at < ?').all(from - EARLY_TOLERANCE_MS, to + maxPeriod) as SessionRow[]).filter((s) =>
      cadenceByNum.has(s.checkNum),
    );
    const wanted = new Set(sessions.map((s) => s.id));

    const results = new Map<number, ResultAgg>();
    const whole = { finals: 0, attempts: 0, skipped: 0, failing: 0, degraded: 0, cancelled: 0, passed: 0 };
    const failingSamples: string[] = [];
    let finalsInWindow = 0;
    let ranInWindow = 0;
    const scan = db.prepare('select session_id as sessionId, check_num as checkNum, result_type as resultType, flags, started_at as startedAt from check_results').iterate() as IterableIterator<{
      sessionId: number;
      checkNum: number;
      resultType: number;
      flags: number;
      startedAt: number;
    }>;
    for (const row of scan) {
      if (!cadenceByNum.has(row.checkNum)) continue;
      const skipped = (row.flags & FLAG.skipped) !== 0;
      if (row.resultType === FINAL) {
        whole.finals++;
        if (skipped) whole.skipped++;
        else if (row.flags & FAILING) {
          whole.failing++;
          if (failingSamples.length < 5) failingSamples.push(`check_num ${row.checkNum}, session ${row.sessionId}, flags ${row.flags}`);
        } else if (row.flags & FLAG.isCancelled) whole.cancelled++;
        else if (row.flags & FLAG.isDegraded) whole.degraded++;
        else whole.passed++;
        if (!skipped && row.startedAt >= from && row.startedAt < to) {
          finalsInWindow++;
          if (!(row.flags & FLAG.isCancelled)) ranInWindow++;
        }
      } else whole.attempts++;
      if (!wanted.has(row.sessionId)) continue;
      const agg = results.get(row.sessionId) ?? { firstStart: row.startedAt, finalFlags: null, finalStart: null };
      agg.firstStart = Math.min(agg.firstStart, row.startedAt);
      if (row.resultType === FINAL) {
        agg.finalFlags = row.flags;
        agg.finalStart = row.startedAt;
      }
      results.set(row.sessionId, agg);
    }

    // One session per slot: the nearest to it; the others are extras.
    const bySlot = new Map<string, { session: SessionRow; slot: number }>();
    let extraSessions = 0;
    for (const session of sessions) {
      const cadence = cadenceByNum.get(session.checkNum)!;
      const slot = slotAtOrBefore(session.startedAt + EARLY_TOLERANCE_MS, cadence);
      if (slot < from || slot >= to) continue;
      const key = `${session.checkNum}:${slot}`;
      const other = bySlot.get(key);
      if (other) {
        extraSessions++;
        if (Math.abs(other.session.startedAt - slot) <= Math.abs(session.startedAt - slot)) continue;
      }
      bySlot.set(key, { session, slot });
    }

    const lags: number[] = [];
    let onTime = 0;
    let skipped = 0;
    let unfinished = 0;
    let failing = 0;
    let degraded = 0;
    let cancelled = 0;
    let early = 0;
    let ranSlots = 0;
    for (const { session, slot } of bySlot.values()) {
      const agg = results.get(session.id);
      const flags = agg?.finalFlags ?? null;
      if (flags !== null && flags & FLAG.skipped) {
        skipped++;
        continue;
      }
      if (agg) {
        const lag = agg.firstStart - slot;
        lags.push(lag);
        if (lag < 0) early++;
        if (Math.abs(lag) <= ON_TIME_MS) onTime++;
      }
      if (flags === null) {
        unfinished++;
        continue;
      }
      if (flags & FAILING) failing++;
      else if (flags & FLAG.isDegraded) degraded++;
      if (flags & FLAG.isCancelled) cancelled++;
      else ranSlots++;
    }
    lags.sort((a, b) => a - b);
    const windowSeconds = (to - from) / 1000;
    return {
      checks: checks.length,
      neverScheduled,
      expected,
      onTime,
      onTimeRatio: expected > 0 ? onTime / expected : Number.NaN,
      started: lags.length,
      skipped,
      missing: Math.max(0, expected - bySlot.size),
      unfinished,
      failing,
      degraded,
      cancelled,
      extraSessions,
      early,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      lagMaxMs: lags.length ? lags[lags.length - 1] : Number.NaN,
      finalPerSecond: finalsInWindow / windowSeconds,
      ranInWindow,
      ranSlots,
      windowSeconds,
      whole,
      failingSamples,
    };
  } finally {
    db.close();
  }
}
