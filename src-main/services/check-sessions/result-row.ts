import { createHash } from 'node:crypto';
import type { JobOutcome, NoResultReason } from '../../runner/jobs';
import { RESULT_FLAGS, RESULT_TYPE_CODE, type NewResultRow } from '../../db/repositories/runs-results';
import type { ExecutionResult } from '../../runner/types';
import { noAgentMessage } from '../../../src-shared/rules/no-agent';

const REASON_MESSAGES: Record<NoResultReason, string> = {
  SKIPPED:
    'Skipped: the agent could not start this run before the next one was due (its lane is saturated). Not a failure of the target. Raise the lane capacity (--lane-icmp, --lane-traceroute, --lane-multistep), add an agent, or lower check frequencies.',
  CANCELLED: 'The run was cancelled.',
  LEASE_EXPIRED: 'Not run: the agent running this check stopped answering and its lease expired. Not a failure of the target.',
  SHUTDOWN: 'Not run to the end: the agent shut down first. Not a failure of the target.',
  EXECUTOR_ERROR: 'Not run: an internal error of Sightline stopped this run (it was logged on the server). Not a failure of the target.',
  PREVIOUS_RUN_ACTIVE:
    'Skipped: the previous run of this check was still running in this location when this one was due. Not a failure of the target. Its runs (with retries) take longer than its frequency: lower maxResponseTime or pingCount, or run it less often.',
  NO_AGENT: 'Not run: no agent connected to its private location.',
  AGENT_UNREACHABLE:
    "Not run: the agent of its private location was unreachable (the server had not heard from it). Sightline's own fault, not a failure of the target. Check the agent's machine and its link to the server.",
  SUSPENDED:
    'Not judged: Sightline was suspended (the machine slept or the process was stopped) while this run was in flight, and its tool did not report a pass. Not a failure of the target.',
  AGENT_OFFLINE: 'Skipped: agent offline. The agent running this check could not reach its own network (none of its canaries answered), so this run says nothing about the target. Not a failure of the target.',
};

export interface ResultFacts {
  flags: number;
  responseTimeMs: number | null;
  startedAt: number;
  durationMs: number;
  error: { kind: string; message: string } | null;
  networkError: boolean;
}

export function factsOf(outcome: JobOutcome, now: number): ResultFacts {
  const result = outcome.result;
  if (!result) {
    const reason = outcome.reason ?? 'EXECUTOR_ERROR';
    // No run, no verdict on the target: recorded as cancelled (the session ends CANCELLED, nothing alerts).
    const flags = RESULT_FLAGS.isCancelled | (reason === 'SKIPPED' || reason === 'PREVIOUS_RUN_ACTIVE' || reason === 'AGENT_OFFLINE' || reason === 'NO_AGENT' || reason === 'AGENT_UNREACHABLE' || reason === 'SUSPENDED' ? RESULT_FLAGS.skipped : RESULT_FLAGS.aborted);
    const message = reason === 'NO_AGENT' ? noAgentMessage(outcome.job.execution.runLocation) : REASON_MESSAGES[reason];
    return { flags, responseTimeMs: null, startedAt: now, durationMs: 0, error: { kind: reason, message }, networkError: false };
  }
  const startedAt = Date.parse(result.startedAt);
  const stoppedAt = Date.parse(result.stoppedAt);
  const networkError = result.error?.kind === 'NETWORK_ERROR';
  const flags =
    (result.hasFailures ? RESULT_FLAGS.hasFailures : 0) |
    (result.hasErrors ? RESULT_FLAGS.hasErrors : 0) |
    (result.isDegraded ? RESULT_FLAGS.isDegraded : 0) |
    (result.aborted ? RESULT_FLAGS.aborted : 0) |
    (result.overMaxResponseTime ? RESULT_FLAGS.overMaxResponseTime : 0) |
    (result.timedOut ? RESULT_FLAGS.timedOut : 0) |
    (networkError ? RESULT_FLAGS.networkError : 0);
  return {
    flags,
    responseTimeMs: Number.isFinite(result.responseTime) ? Math.round(result.responseTime) : null,
    // Never after it is recorded (a remote agent's clock may run ahead): a session's results are found within its span.
    startedAt: Number.isFinite(startedAt) ? Math.min(startedAt, now) : now,
    durationMs: Number.isFinite(stoppedAt - startedAt) ? Math.max(0, stoppedAt - startedAt) : 0,
    error: result.error,
    networkError,
  };
}

export function isFailure(flags: number): boolean {
  return (flags & (RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.timedOut)) !== 0;
}

const us = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? null : Math.round(ms * 1000));

/** The bulky part of a result, stored once per distinct content. Ping replies are not kept. */
export function detailOf(result: ExecutionResult | null, error: ResultFacts['error']): string | null {
  const detail: Record<string, unknown> = {};
  if (error) detail.error = error;
  if (result?.assertions.length) detail.assertions = result.assertions;
  if (result?.icmpCheckResult) {
    const { hostname, resolvedAddress, rawOutput } = result.icmpCheckResult;
    detail.icmp = { hostname, resolvedAddress: resolvedAddress ?? null, ...(rawOutput ? { rawOutput } : {}) };
  }
  if (result?.tracerouteCheckResult) detail.traceroute = result.tracerouteCheckResult;
  if (result?.multiStepCheckResult) detail.multiStep = result.multiStepCheckResult;
  return Object.keys(detail).length === 0 ? null : JSON.stringify(detail);
}

export function detailHash(body: string): Buffer {
  return createHash('sha256').update(body).digest().subarray(0, 16);
}

export function resultRow(
  outcome: JobOutcome,
  facts: ResultFacts,
  ids: { sessionId: number; checkNum: number; location: number; detailId: number | null; sessionStartedAt: number },
  type: keyof typeof RESULT_TYPE_CODE,
): NewResultRow {
  const icmp = outcome.result?.icmpCheckResult;
  return {
    sessionId: ids.sessionId,
    checkNum: ids.checkNum,
    location: ids.location,
    resultType: RESULT_TYPE_CODE[type],
    flags: facts.flags,
    attempt: outcome.job.attempt,
    // Never before the session: its results are found from the session's start time.
    startedAt: Math.max(facts.startedAt, ids.sessionStartedAt),
    durationMs: facts.durationMs,
    responseTimeMs: facts.responseTimeMs,
    packetsSent: icmp?.packetsSent ?? null,
    packetsReceived: icmp?.packetsReceived ?? null,
    minUs: us(icmp?.latency.min),
    avgUs: us(icmp?.latency.avg),
    maxUs: us(icmp?.latency.max),
    stdDevUs: us(icmp?.latency.stdDev),
    detailId: ids.detailId,
  };
}
