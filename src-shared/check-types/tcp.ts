import { TcpCheckResult, TcpResultPayload } from '../schemas/result-payloads';
import { TcpMonitorCreate, TcpMonitorRead, TcpMonitorUpdate, TcpRunInput } from '../schemas/tcp-monitor';
import { defineCheckType, type EvidenceLine } from './define';
import { evidenceLines, failingAssertionEvidence } from './evidence';

/**
 * Runs at once of the TCP and DNS lanes by default: rate × longest ordinary wait. 10,000 monitors at 1
 * minute (167 runs/s) whose targets all stopped answering wait the default 5 s limit twice (the run and
 * its retry): about 1,700 at once. A waiting run is a socket and a timer in the server's own process.
 */
export const SOCKET_LANE_CAPACITY = 2048;

/** The time limit of a TCP run without a maxResponseTime: lookup, connect and conversation. */
export const TCP_RUN_LIMIT_MS = 10_000;

/**
 * A TCP run's time limit: its maxResponseTime (a run longer than that fails anyway), else 10 s. A peer
 * that never closes, or a connect that never completes, is cut off here.
 */
export function tcpTimeLimitMs(check: { maxResponseTime?: number | null }): number {
  return Math.max(100, check.maxResponseTime ?? TCP_RUN_LIMIT_MS);
}

/** The failing assertion, where it connected (or why not) and the first line the peer sent. */
function tcpEvidence(payload: TcpResultPayload): EvidenceLine[] {
  const target = `${payload.request.hostname}:${payload.request.port}`;
  const firstLine = payload.responseData.split(/\r?\n/, 1)[0]?.slice(0, 200) ?? '';
  return evidenceLines(
    failingAssertionEvidence(payload.assertions),
    payload.error ? { label: 'Connection', value: `${target}: ${payload.error}` } : { label: 'Connection', value: `${target} connected in ${payload.connectTimeMs ?? 0} ms` },
    payload.bytesReceived > 0 ? { label: 'Received', value: `${payload.bytesReceived} bytes, first line: ${firstLine}` } : null,
  );
}

export const TCP_CHECK_TYPE = defineCheckType({
  checkType: 'TCP',
  name: 'TCP',
  noun: 'monitor',
  article: 'a',
  segment: 'tcp',
  procedure: 'Tcp',
  create: TcpMonitorCreate,
  update: TcpMonitorUpdate,
  read: TcpMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: TcpRunInput,
    // The executor ends the conversation itself at tcpTimeLimitMs; the hard limit is beyond it.
    timeoutMs: (check) => tcpTimeLimitMs(check) + 5_000,
    takesVariables: false,
    // A connect costs milliseconds: a new monitor answers as it is saved, like the other request/response types.
    firstRunAtCreate: true,
    // A TCP run is one socket, mostly waiting: a port check listens 1 s for a banner, a blackholed host waits
    // the whole time limit (5 s by default, then again for the retry). 10,000 monitors at 1 minute then hold
    // 167 to ~1,700 runs at once; 2048 keeps them running (and failing) when their targets go down together
    // (DECISIONS, issue 34).
    lane: { defaultCapacity: () => SOCKET_LANE_CAPACITY, defaultsText: String(SOCKET_LANE_CAPACITY) },
  },
  result: {
    key: 'tcpCheckResult',
    schema: TcpCheckResult,
    api: TcpResultPayload,
    // At most 4 KiB of data plus a few figures: kept whole, it is the evidence.
    detailKey: 'tcp',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => {
      const parsed = TcpCheckResult.safeParse(stored);
      return parsed.success ? { ...parsed.data, assertions: assertions as Record<string, unknown>[], requestError } : null;
    },
    evidence: tcpEvidence,
  },
});
