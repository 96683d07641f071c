import { durationScale, largestUs, type DurationScale } from '../../lib/duration-scale';
import type { RouterOutputs } from '../../lib/trpc';
import { MultiStepCheckResult, readPayload, TracerouteCheckResult } from '../../../src-shared/schemas/result-payloads';

export type CheckResultView = RouterOutputs['checkResults']['get'];
export type CheckResultListItem = RouterOutputs['checkResults']['list']['items'][number];

export type ResultVerdict = 'PASSED' | 'FAILED' | 'DEGRADED' | 'TIMED_OUT' | 'CANCELLED';

interface VerdictFlags {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  timedOut?: boolean;
}

/** The same precedence the runner uses for a location's verdict. */
export function resultVerdict(result: VerdictFlags): ResultVerdict {
  if (result.isCancelled) return 'CANCELLED';
  if (result.timedOut) return 'TIMED_OUT';
  if (result.hasFailures || result.hasErrors) return 'FAILED';
  if (result.isDegraded) return 'DEGRADED';
  return 'PASSED';
}

export function resultPath(checkId: string, checkResultId: string): string {
  return `/monitors/${checkId}/results/${checkResultId}`;
}

export function formatMs(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return `${value.toFixed(digits)} ms`;
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * ICMP round trips on a LAN are fractions of a millisecond: chart and list the average latency, which keeps them.
 * A ping with no reply measured nothing, so it has no time at all (shown "—"), not 0 ms.
 */
export function timingMs(result: Pick<CheckResultListItem, 'responseTime' | 'icmpCheckResult'>): number | null {
  if (!result.icmpCheckResult) return result.responseTime;
  return result.icmpCheckResult.packetsReceived > 0 ? result.icmpCheckResult.latency.avg : null;
}

/**
 * The one unit of a result's page, from the largest duration it shows: the run's time, ICMP
 * latencies, traceroute round trips, multi-step calls. A page holding µs-precise figures (ICMP,
 * traceroute) may be in µs; one of whole milliseconds only (the rest) never is.
 */
export function resultPageScale(result: CheckResultView): DurationScale {
  const traceroute = readPayload(TracerouteCheckResult, result.tracerouteCheckResult);
  const multiStep = readPayload(MultiStepCheckResult, result.multiStepCheckResult);
  const ms = (value: number | null | undefined) => (value === null || value === undefined ? null : value * 1_000);
  const icmp = result.icmpCheckResult;
  const values = [
    ms(runTimingMs(result)),
    ...(icmp && icmp.packetsReceived > 0 ? [ms(icmp.latency.max), ms(icmp.latency.stdDev)] : []),
    ...(traceroute?.hops ?? []).filter((hop) => hop.received > 0).flatMap((hop) => [ms(hop.rtt.worst_ms), ms(hop.rtt.stddev_ms)]),
    ...(multiStep?.tests ?? []).flatMap((test) => (test.requests ?? []).map((request) => ms(request.durationMs))),
  ];
  return durationScale(largestUs(values), !icmp && !traceroute);
}

/**
 * A result page's "Response time": a traceroute's as measured (the final hop's average, µs-precise,
 * none when the destination was not reached) rather than the whole ms stored; otherwise timingMs.
 */
export function runTimingMs(result: CheckResultView): number | null {
  const traceroute = readPayload(TracerouteCheckResult, result.tracerouteCheckResult);
  if (!traceroute) return timingMs(result);
  return traceroute.finalHopLatency && traceroute.destinationReached ? traceroute.finalHopLatency.avg : null;
}

/** A multi-step run's error is written out below (under its test, or in the run's Errors): the alert on top then only names it. */
export function errorShownBelow(result: CheckResultView): boolean {
  const multiStep = readPayload(MultiStepCheckResult, result.multiStepCheckResult);
  return (multiStep?.errors.length ?? 0) > 0;
}
