import type { ResultRecordedEvent, SessionUpdatedEvent } from '../../core/events';
import { transaction, type Db } from '../../db/connection';
import { lockHeartbeatStates, upsertHeartbeatStates, type HeartbeatStateRow } from '../../db/repositories/heartbeats';
import { locationCodes } from '../../db/repositories/runs';
import { insertResults, RESULT_FLAGS, RESULT_TYPE_CODE, storeDetail } from '../../db/repositories/runs-results';
import { insertSessions } from '../../db/repositories/runs-sessions';
import { upsertCheckStatus } from '../../db/repositories/runs-statuses';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import type { HeartbeatClock, Verdict } from '../../../src-shared/rules/heartbeat';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { HeartbeatCheckResult } from '../../../src-shared/schemas/result-payloads';
import { judgeClearPassAtWrite } from '../alerts';
import type { ServiceDeps } from '../context';
import { detailHash, runSourceCode, statusCode } from '../check-sessions';

/** What reached the ping URL, as a result keeps it. */
export interface PingFacts {
  method: string;
  sourceAddress: string;
  userAgent: string | null;
  body: string | null;
  bodyBytes: number;
  bodyTruncated: boolean;
}

/** One judged moment of one heartbeat: its result and the state it leaves. */
export interface HeartbeatRecord {
  check: { checkId: string; accountId: string; checkNum: number; name: string };
  at: number;
  verdict: Verdict;
  ping: PingFacts | null;
  /**
   * The check's session stored just before this one by this process (encoded), when known: a passing
   * result is then judged by alerting with its write if nothing older waits (judgeClearPassAtWrite).
   */
  previousSessionId?: string | null;
  /**
   * Team mode: the verdict decided again, in the write's transaction, from the heartbeat's stored
   * state (locked; null when none is stored) — another server may have stored a ping since this one
   * read it. Null drops the record (a deadline a ping on another server moved).
   */
  decide?: (stored: HeartbeatClock | null) => Verdict | null;
}

/** What a batch stored: per record, its session (encoded) and whether alerting judged it with the write. */
export interface RecordedHeartbeats {
  sessions: { checkNum: number; checkSessionId: string; judgedAtWrite: boolean }[];
  /** Hands the results to alerting, one call per result, in order. */
  announcements: (() => Promise<void>)[];
  /**
   * Per heartbeat of a record or write with `decide`: its stored state after this batch (what the
   * database holds, also when every write of it was dropped). Empty when nothing was decided.
   */
  settled: Map<number, HeartbeatClock>;
}

/** A heartbeat's state written without a result (a deadline moved by Sightline's own gap or a maintenance window). */
export interface HeartbeatStateWrite {
  checkNum: number;
  clock: HeartbeatClock;
  /** Team mode: the state decided again from the stored one (locked; null when none is stored); null writes nothing. */
  decide?: (stored: HeartbeatClock | null) => HeartbeatClock | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function payloadOf(record: HeartbeatRecord): HeartbeatCheckResult {
  const { verdict, ping } = record;
  return {
    event: verdict.event,
    state: verdict.state,
    method: ping?.method ?? null,
    sourceAddress: ping?.sourceAddress ?? null,
    userAgent: ping?.userAgent ?? null,
    body: ping?.body ?? null,
    bodyBytes: ping?.bodyBytes ?? 0,
    bodyTruncated: ping?.bodyTruncated ?? false,
    runDurationMs: verdict.runDurationMs,
    deadline: iso(verdict.deadlineAt),
    previousPingAt: iso(verdict.previousPingAt),
    note: verdict.note,
  };
}

/**
 * Stores a batch of heartbeat results in one transaction, each as a finished session with one FINAL
 * result (so uptime, the results API, status pages and alerting treat them like any run), the
 * check's status, and the judge's state. `resultRecorded` goes out after the commit, into the
 * normal alert pipeline (escalation, reminders, channels, dependencies) when the caller calls the
 * returned announcements, one per result: the judge answers the pings first (what they wait for is
 * the commit), then hands the results to alerting a slice at a time.
 */
export async function recordHeartbeats(deps: ServiceDeps, given: readonly HeartbeatRecord[], givenStates: readonly HeartbeatStateWrite[] = []): Promise<RecordedHeartbeats> {
  const settled = new Map<number, HeartbeatClock>();
  if (given.length === 0 && givenStates.length === 0) return { sessions: [], announcements: [], settled };
  const sessions: RecordedHeartbeats['sessions'] = [];
  // A check's session before the next record of it in this batch (null: not judged at write, so none after it is).
  const before = new Map<number, string | null>();
  const now = deps.clock.now().getTime();
  const resultEvents: ResultRecordedEvent[] = [];
  const sessionEvents: SessionUpdatedEvent[] = [];
  await transaction(deps.db, async (tx) => {
    const { records, states } = await decideFromStored(tx, given, givenStates, settled);
    const location = (await locationCodes(tx, [LOCAL_LOCATION])).get(LOCAL_LOCATION) ?? 0;
    const sessionIds = await insertSessions(
      tx,
      records.map((record) => ({
        checkNum: record.check.checkNum,
        status: statusCode(record.verdict.failed ? 'FAILED' : 'PASSED'),
        runSource: runSourceCode('SCHEDULER'),
        startedAt: record.at,
        stoppedAt: record.at,
        runLocations: null,
        // Judged from pings, not a planned slot: never refused.
        plannedAt: null,
      })),
    );
    const lastState = new Map<number, HeartbeatStateWrite>();
    for (const [i, record] of records.entries()) {
      const sessionId = sessionIds[i] ?? 0;
      const error = record.verdict.errorMessage ? { kind: record.verdict.failed ? 'ASSERTION_FAILED' : 'NOTE', message: record.verdict.errorMessage } : null;
      const detail = JSON.stringify({ ...(error && record.verdict.failed ? { error } : {}), heartbeat: payloadOf(record) });
      const detailId = await storeDetail(tx, detailHash(detail), detail, now);
      const flags = record.verdict.failed ? RESULT_FLAGS.hasFailures : 0;
      const responseTimeMs = record.verdict.runDurationMs;
      const [resultId = 0] = await insertResults(tx, [
        {
          sessionId,
          checkNum: record.check.checkNum,
          location,
          resultType: RESULT_TYPE_CODE.FINAL,
          flags,
          attempt: 1,
          startedAt: record.at,
          durationMs: record.verdict.runDurationMs ?? 0,
          responseTimeMs,
          packetsSent: null,
          packetsReceived: null,
          minUs: null,
          avgUs: null,
          maxUs: null,
          stdDevUs: null,
          detailId,
        },
      ]);
      await upsertCheckStatus(tx, { checkNum: record.check.checkNum, flags, responseTimeMs, location, sessionId, now: record.at });
      lastState.set(record.check.checkNum, { checkNum: record.check.checkNum, clock: record.verdict.next });
      const checkSessionId = encodeRunId('session', sessionId);
      const previousSessionId = before.has(record.check.checkNum) ? (before.get(record.check.checkNum) ?? null) : (record.previousSessionId ?? null);
      const judgedAtWrite =
        !record.verdict.failed &&
        previousSessionId !== null &&
        await judgeClearPassAtWrite(tx, { accountId: record.check.accountId, checkId: record.check.checkId, checkSessionId, previousSessionId }, now);
      before.set(record.check.checkNum, judgedAtWrite ? checkSessionId : null);
      sessions.push({ checkNum: record.check.checkNum, checkSessionId, judgedAtWrite });
      resultEvents.push({
        accountId: record.check.accountId,
        checkId: record.check.checkId,
        checkName: record.check.name,
        checkType: 'HEARTBEAT',
        checkSessionId,
        checkResultId: encodeRunId('result', resultId),
        runSource: 'SCHEDULER',
        runLocation: LOCAL_LOCATION,
        resultType: 'FINAL',
        hasFailures: record.verdict.failed,
        hasErrors: false,
        isDegraded: false,
        isCancelled: false,
        timedOut: false,
        responseTime: responseTimeMs,
        startedAt: new Date(record.at).toISOString(),
        stoppedAt: new Date(record.at).toISOString(),
        attempts: 1,
        reason: null,
        errorMessage: record.verdict.failed ? record.verdict.errorMessage : null,
        ...(judgedAtWrite ? { judgedAtWrite: true as const } : {}),
      });
      sessionEvents.push({ accountId: record.check.accountId, checkId: record.check.checkId, checkSessionId, status: record.verdict.failed ? 'FAILED' : 'PASSED', finished: true });
    }
    for (const write of states) lastState.set(write.checkNum, write);
    await upsertHeartbeatStates(
      tx,
      [...lastState.values()].map(({ checkNum, clock }) => ({ checkNum, ...clock, updatedAt: now })),
    );
  });
  const { events } = deps.runtime;
  const announcements = resultEvents.map((event, i) => async () => {
    await emitSafely(deps, () => events.emit('resultRecorded', event));
    const session = sessionEvents[i];
    if (session) await emitSafely(deps, () => events.emit('sessionUpdated', session));
  });
  return { sessions, announcements, settled };
}

const clockOf = (row: HeartbeatStateRow): HeartbeatClock => ({ lastPingAt: row.lastPingAt, runStartedAt: row.runStartedAt, deadlineAt: row.deadlineAt, failing: row.failing, note: row.note });

/**
 * Team mode: records and writes with `decide` are decided again, in order, from the stored states
 * read under a row lock (each from the state the one before it left), so a ping stored by another
 * server counts and two servers' writes of one heartbeat take turns. Without `decide` (one server):
 * nothing is read, the batch is written as given.
 */
async function decideFromStored(
  tx: Db,
  records: readonly HeartbeatRecord[],
  states: readonly HeartbeatStateWrite[],
  settled: Map<number, HeartbeatClock>,
): Promise<{ records: readonly HeartbeatRecord[]; states: readonly HeartbeatStateWrite[] }> {
  if (!records.some((r) => r.decide) && !states.some((s) => s.decide)) return { records, states };
  const nums = [...records.map((r) => r.check.checkNum), ...states.map((s) => s.checkNum)];
  const stored = await lockHeartbeatStates(tx, nums);
  const current = new Map<number, HeartbeatClock | null>();
  for (const num of nums) {
    const row = stored.get(num);
    current.set(num, row ? clockOf(row) : null);
  }
  const decidedRecords: HeartbeatRecord[] = [];
  for (const record of records) {
    const num = record.check.checkNum;
    const verdict = record.decide ? record.decide(current.get(num) ?? null) : record.verdict;
    if (!verdict) continue;
    decidedRecords.push(verdict === record.verdict ? record : { ...record, verdict });
    current.set(num, verdict.next);
  }
  const decidedStates: HeartbeatStateWrite[] = [];
  for (const write of states) {
    const clock = write.decide ? write.decide(current.get(write.checkNum) ?? null) : write.clock;
    if (!clock) continue;
    decidedStates.push({ checkNum: write.checkNum, clock });
    current.set(write.checkNum, clock);
  }
  for (const [num, clock] of current) if (clock) settled.set(num, clock);
  return { records: decidedRecords, states: decidedStates };
}

async function emitSafely(deps: ServiceDeps, emit: () => Promise<void>): Promise<void> {
  try {
    await emit();
  } catch (error) {
    deps.logger.error({ err: error }, 'an event listener failed');
  }
}
