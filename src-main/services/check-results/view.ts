import type { Db } from '../../db/connection';
import { findDetail, RESULT_FLAGS, RESULT_TYPE_CODE, type ResultRow } from '../../db/repositories/runs-results';
import type { ApiPayloadShape } from '../../../src-shared/check-types';
import type { CheckType } from '../../../src-shared/enums';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckResult } from '../../../src-shared/schemas/check-result';
import { RUN_TYPE_MODULES } from '../../../src-shared/check-types';
import type { RunMetrics, StoredResultFacts } from '../../../src-shared/check-types/define';
import type { AssertionOutcome } from '../../../src-shared/schemas/result-payloads';

/** The check result's type payloads (`icmpCheckResult`, …). */
type ApiPayloads = Pick<CheckResult, keyof ApiPayloadShape>;

export interface ResultCheck {
  checkId: string;
  name: string;
  checkType: string;
}

interface Detail {
  error?: { kind: string; message: string };
  assertions?: AssertionOutcome[];
  /** Each type's own member (its module's detailKey): what it kept of its payload. */
  [detailKey: string]: unknown;
}

const ms = (us: number | null) => (us === null ? 0 : us / 1000);

/** The figures of the row's own columns (ICMP's packets and latencies), null when the run stored none. */
function metricsOf(row: ResultRow): RunMetrics | null {
  if (row.packetsSent === null) return null;
  return {
    packetsSent: row.packetsSent,
    packetsReceived: row.packetsReceived ?? 0,
    latency: { min: ms(row.minUs), avg: ms(row.avgUs), max: ms(row.maxUs), stdDev: ms(row.stdDevUs) },
  };
}

/** Each type's payload member: its module rebuilds it for a check of its type; null for every other type. */
function payloadsOf(row: ResultRow, check: ResultCheck, detail: Detail): ApiPayloads {
  const facts: StoredResultFacts = { metrics: metricsOf(row), assertions: detail.assertions ?? [], requestError: detail.error?.message ?? null };
  const payloads: Record<string, unknown> = {};
  for (const module of RUN_TYPE_MODULES) {
    // API and URL share their member (apiCheckResult): another type's null never replaces the payload already set.
    payloads[module.result.key] = module.checkType === check.checkType ? module.result.fromDetail(detail[module.result.detailKey], facts) : (payloads[module.result.key] ?? null);
  }
  return payloads as ApiPayloads;
}

/** One stored result in full, with its type-specific payload rebuilt from the row and its detail. */
export async function resultView(db: Db, row: ResultRow, check: ResultCheck, location: string): Promise<CheckResult> {
  const detail: Detail = row.detailId === null ? {} : (JSON.parse(await findDetail(db, row.detailId) ?? '{}') as Detail);
  const has = (bit: number) => (row.flags & bit) !== 0;
  const id = encodeRunId('result', row.id);
  const startedAt = new Date(row.startedAt).toISOString();
  const sessionId = encodeRunId('session', row.sessionId);
  return {
    id,
    checkResultId: id,
    checkSessionId: sessionId,
    name: check.name,
    checkId: check.checkId,
    checkType: check.checkType as CheckType,
    hasFailures: has(RESULT_FLAGS.hasFailures),
    hasErrors: has(RESULT_FLAGS.hasErrors),
    isDegraded: has(RESULT_FLAGS.isDegraded),
    isCancelled: has(RESULT_FLAGS.isCancelled),
    aborted: has(RESULT_FLAGS.aborted),
    timedOut: has(RESULT_FLAGS.timedOut),
    overMaxResponseTime: has(RESULT_FLAGS.overMaxResponseTime),
    runLocation: location,
    startedAt,
    stoppedAt: new Date(row.startedAt + row.durationMs).toISOString(),
    created_at: startedAt,
    responseTime: row.responseTimeMs,
    attempts: row.attempt,
    resultType: row.resultType === RESULT_TYPE_CODE.FINAL ? 'FINAL' : 'ATTEMPT',
    // One run's attempts share these (DECISIONS "Public contract").
    checkRunId: row.sessionId,
    sequenceId: sessionId,
    traceId: sessionId.replace(/-/g, ''),
    error: detail.error ?? null,
    ...payloadsOf(row, check, detail),
  };
}
