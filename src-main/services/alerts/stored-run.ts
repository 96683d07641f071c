import type { JobOutcome } from '../../runner/jobs';
import type { Db } from '../../db/connection';
import type { JudgeableSession } from '../../db/repositories/alerts';
import { locationNames } from '../../db/repositories/runs';
import { findDetail, listSessionResults, RESULT_FLAGS, RESULT_TYPE_CODE, type ResultRow } from '../../db/repositories/runs-results';
import { RUN_TYPE_MODULES } from '../../../src-shared/check-types';
import type { EvidenceLine } from '../../../src-shared/check-types/define';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { AlertRun, RunResultFacts } from './record-run';

/** Outcomes that are not runs of the check (the job never ran to the end): they do not count for alerting. */
const NOT_RUN: Record<NonNullable<JobOutcome['reason']> | 'DROPPED', true> = { SKIPPED: true, DROPPED: true, CANCELLED: true, LEASE_EXPIRED: true, SHUTDOWN: true, EXECUTOR_ERROR: true, PREVIOUS_RUN_ACTIVE: true, AGENT_OFFLINE: true, NO_AGENT: true, AGENT_UNREACHABLE: true, SUSPENDED: true };

/** The modules that word evidence, one per stored detail member (API and URL share `api`). */
const EVIDENCE_MODULES = RUN_TYPE_MODULES.filter((module, i) => module.result.evidence && RUN_TYPE_MODULES.findIndex((other) => other.result.detailKey === module.result.detailKey) === i);

interface StoredFacts {
  error: { kind: string; message: string } | null;
  evidence: EvidenceLine[];
}

/** The stored detail's error and, for a type whose module words it, the evidence an alert shows. */
async function storedFacts(db: Db, detailId: number | null, failing: boolean): Promise<StoredFacts> {
  if (detailId === null) return { error: null, evidence: [] };
  const body = await findDetail(db, detailId);
  if (body === null) return { error: null, evidence: [] };
  const parsed = JSON.parse(body) as { error?: { kind?: unknown; message?: unknown }; assertions?: unknown } & Record<string, unknown>;
  const error = parsed.error;
  const evidence: EvidenceLine[] = [];
  const stored = error && typeof error.kind === 'string' ? { kind: error.kind, message: typeof error.message === 'string' ? error.message : '' } : null;
  if (failing) {
    const facts = { metrics: null, assertions: Array.isArray(parsed.assertions) ? parsed.assertions : [], requestError: stored?.message ?? null };
    for (const module of EVIDENCE_MODULES) {
      if (parsed[module.result.detailKey] === undefined) continue;
      // The type words it from the API's payload, rebuilt from the detail as the results API does.
      const payload = module.result.fromDetail(parsed[module.result.detailKey], facts);
      if (payload && module.result.evidence) evidence.push(...module.result.evidence(payload));
    }
  }
  return { error: stored, evidence };
}

async function factsOf(db: Db, row: ResultRow, location: string): Promise<RunResultFacts> {
  const has = (bit: number) => (row.flags & bit) !== 0;
  const { error, evidence } = await storedFacts(db, row.detailId, has(RESULT_FLAGS.hasFailures) || has(RESULT_FLAGS.timedOut) || has(RESULT_FLAGS.isDegraded));
  return {
    checkResultId: encodeRunId('result', row.id),
    runLocation: location,
    hasFailures: has(RESULT_FLAGS.hasFailures) || has(RESULT_FLAGS.timedOut),
    hasErrors: has(RESULT_FLAGS.hasErrors),
    isDegraded: has(RESULT_FLAGS.isDegraded),
    skipped: has(RESULT_FLAGS.isCancelled) || (error !== null && Object.hasOwn(NOT_RUN, error.kind)),
    responseTime: row.responseTimeMs,
    startedAt: new Date(row.startedAt).toISOString(),
    errorMessage: error?.message ?? null,
    ...(evidence.length > 0 ? { evidence } : {}),
  };
}

/**
 * A finished session as alerting judges it, read back from what the scheduler stored: the FINAL
 * result of each location (the same facts the live resultRecorded event carries).
 */
export async function storedAlertRun(db: Db, check: { accountId: string; checkId: string; checkNum: number }, session: JudgeableSession): Promise<AlertRun> {
  const names = await locationNames(db);
  const finals = (await listSessionResults(db, session.id, check.checkNum, session.startedAt, session.stoppedAt)).filter((r) => r.resultType === RESULT_TYPE_CODE.FINAL);
  return {
    accountId: check.accountId,
    checkId: check.checkId,
    checkSessionId: encodeRunId('session', session.id),
    finishedAt: session.stoppedAt ?? undefined,
    results: await Promise.all(finals.map((row) => factsOf(db, row, names.get(row.location) ?? 'unknown'))),
  };
}
