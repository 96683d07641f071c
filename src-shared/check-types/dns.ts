import { DnsCheckResult, DnsResultPayload } from '../schemas/result-payloads';
import { DnsMonitorCreate, DnsMonitorRead, DnsMonitorUpdate, DnsRunInput } from '../schemas/dns-monitor';
import { defineCheckType, type EvidenceLine } from './define';
import { evidenceLines, failingAssertionEvidence } from './evidence';
import { SOCKET_LANE_CAPACITY } from './tcp';

/** The time limit of a DNS run without a maxResponseTime. */
export const DNS_RUN_LIMIT_MS = 10_000;

/** A DNS run's time limit: its maxResponseTime (a slower answer fails anyway), else 10 s. */
export function dnsTimeLimitMs(check: { maxResponseTime?: number | null }): number {
  return Math.max(100, check.maxResponseTime ?? DNS_RUN_LIMIT_MS);
}

/** The failing assertion, the server asked and its answer (or why there was none). */
function dnsEvidence(payload: DnsResultPayload): EvidenceLine[] {
  const asked = `${payload.request.recordType} ${payload.request.query} at ${payload.serverAsked ?? 'the system resolver'}`;
  return evidenceLines(
    failingAssertionEvidence(payload.assertions),
    { label: 'Query', value: payload.error ? `${asked}: ${payload.error}` : `${asked}: ${payload.rcode ?? '—'}` },
    payload.textAnswer ? { label: 'Answer', value: payload.textAnswer.split('\n').slice(0, 5).join('\n') } : null,
  );
}

export const DNS_CHECK_TYPE = defineCheckType({
  checkType: 'DNS',
  name: 'DNS',
  noun: 'monitor',
  article: 'a',
  segment: 'dns',
  procedure: 'Dns',
  create: DnsMonitorCreate,
  update: DnsMonitorUpdate,
  read: DnsMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: DnsRunInput,
    // The executor ends the query itself at dnsTimeLimitMs; the hard limit is beyond it.
    timeoutMs: (check) => dnsTimeLimitMs(check) + 5_000,
    takesVariables: false,
    // A query costs milliseconds: a new monitor answers as it is saved.
    firstRunAtCreate: true,
    // A DNS run is one datagram or one short connection, mostly waiting: against a server that stopped
    // answering each waits its whole time limit (5 s by default) and its retry as long: ~1,700 at once for
    // 10,000 monitors at 1 minute.
    lane: { defaultCapacity: () => SOCKET_LANE_CAPACITY, defaultsText: String(SOCKET_LANE_CAPACITY) },
  },
  result: {
    key: 'dnsCheckResult',
    schema: DnsCheckResult,
    api: DnsResultPayload,
    // The answer is small (a DNS message is at most 64 KiB, usually a few hundred bytes): kept whole as the evidence.
    detailKey: 'dns',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => {
      const parsed = DnsCheckResult.safeParse(stored);
      return parsed.success ? { ...parsed.data, assertions: assertions as Record<string, unknown>[], requestError } : null;
    },
    evidence: dnsEvidence,
  },
});
