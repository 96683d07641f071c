import { GrpcCheckResult, GrpcResultPayload } from '../schemas/result-payloads';
import { GrpcMonitorCreate, GrpcMonitorRead, GrpcMonitorUpdate, GrpcRunInput } from '../schemas/grpc-monitor';
import { defineCheckType, type EvidenceLine } from './define';
import { evidenceLines, failingAssertionEvidence } from './evidence';

/**
 * A gRPC run's time limit: its request timeout (seconds, 60 by default) or its maxResponseTime when that
 * is shorter (a slower call fails anyway). A server that hangs, or a peer that does not speak gRPC, ends here.
 */
export function grpcTimeLimitMs(check: { maxResponseTime?: number | null; request: { timeout?: number | null } }): number {
  const timeout = (check.request.timeout ?? 60) * 1000;
  return Math.max(100, Math.min(timeout, check.maxResponseTime ?? timeout));
}

/** The failing assertion, the call with its status (or why it was not made) and the first of the reply. */
function grpcEvidence(payload: GrpcResultPayload): EvidenceLine[] {
  const response = payload.response;
  const target = `${response.host}:${response.port} ${response.grpcMethod}`;
  const status = response.grpcStatusCode === null ? 'not called' : `status ${response.grpcStatusCode}${response.grpcStatusMessage ? ` ${response.grpcStatusMessage}` : ''}`;
  return evidenceLines(
    failingAssertionEvidence(payload.assertions),
    { label: 'Call', value: `${target}: ${status}` },
    response.healthStatusLabel ? { label: 'Health', value: response.healthStatusLabel } : null,
    payload.requestError ? { label: 'Error', value: payload.requestError } : null,
    response.responseMessage ? { label: 'Response', value: response.responseMessage.slice(0, 500) } : null,
  );
}

export const GRPC_CHECK_TYPE = defineCheckType({
  checkType: 'GRPC',
  name: 'gRPC',
  noun: 'monitor',
  article: 'a',
  segment: 'grpc',
  procedure: 'Grpc',
  create: GrpcMonitorCreate,
  update: GrpcMonitorUpdate,
  read: GrpcMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: GrpcRunInput,
    // The executor ends the call itself at grpcTimeLimitMs (its deadline); the hard limit is beyond it.
    timeoutMs: (check) => grpcTimeLimitMs(check) + 5_000,
    takesVariables: false,
    firstRunAtCreate: true,
    // A gRPC run is one channel, mostly waiting.
    lane: { defaultCapacity: () => 128, defaultsText: '128' },
  },
  result: {
    key: 'grpcCheckResult',
    schema: GrpcCheckResult,
    api: GrpcResultPayload,
    // At most 16 KiB of message and 50 metadata entries: kept whole, it is the evidence.
    detailKey: 'grpc',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => {
      const parsed = GrpcCheckResult.safeParse(stored);
      return parsed.success ? { ...parsed.data, assertions: assertions as Record<string, unknown>[], requestError } : null;
    },
    evidence: grpcEvidence,
  },
});
