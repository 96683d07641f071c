import type { Db } from '../../db/connection';
import { findDetail, RESULT_FLAGS, RESULT_TYPE_CODE, type ResultRow } from '../../db/repositories/runs-results';
import type { CheckType } from '../../../src-shared/enums';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckResult } from '../../../src-shared/schemas/check-result';
import type { AssertionOutcome, MultiStepCheckResult, TracerouteCheckResult } from '../../../src-shared/schemas/result-payloads';

export interface ResultCheck {
  checkId: string;
  name: string;
  checkType: string;
}

interface Detail {
  error?: { kind: string; message: string };
  assertions?: AssertionOutcome[];
  icmp?: { hostname: string | null; resolvedAddress: string | null; rawOutput?: string };
  traceroute?: TracerouteCheckResult;
  multiStep?: MultiStepCheckResult;
}

const ms = (us: number | null) => (us === null ? 0 : us / 1000);

function icmpPayload(row: ResultRow, detail: Detail): CheckResult['icmpCheckResult'] {
  if (row.packetsSent === null) return null;
  const received = row.packetsReceived ?? 0;
  return {
    hostname: detail.icmp?.hostname ?? null,
    resolvedAddress: detail.icmp?.resolvedAddress ?? null,
    packetsSent: row.packetsSent,
    packetsReceived: received,
    packetLoss: row.packetsSent === 0 ? 100 : Math.round(((row.packetsSent - received) / row.packetsSent) * 10000) / 100,
    latency: { min: ms(row.minUs), avg: ms(row.avgUs), max: ms(row.maxUs), stdDev: ms(row.stdDevUs) },
    assertions: detail.assertions ?? [],
    requestError: detail.error?.message ?? null,
    ...(detail.icmp?.rawOutput ? { rawOutput: detail.icmp.rawOutput } : {}),
  };
}

/** One stored result in full, with its type-specific payload rebuilt from the row and its detail. */
export function resultView(db: Db, row: ResultRow, check: ResultCheck, location: string): CheckResult {
  const detail: Detail = row.detailId === null ? {} : (JSON.parse(findDetail(db, row.detailId) ?? '{}') as Detail);
  const has = (bit: number) => (row.flags & bit) !== 0;
  const id = encodeRunId('result', row.id);
  const startedAt = new Date(row.startedAt).toISOString();
  const extra = { assertions: detail.assertions ?? [], requestError: detail.error?.message ?? null };
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
    icmpCheckResult: check.checkType === 'ICMP' ? icmpPayload(row, detail) : null,
    tracerouteCheckResult: detail.traceroute ? { ...detail.traceroute, ...extra } : null,
    multiStepCheckResult: detail.multiStep ? { ...detail.multiStep, ...extra } : null,
  };
}
