import { z } from 'zod';
import { ASSERTION_COMPARISONS } from '../enums';
import { TRACEROUTE_PROTOCOLS } from './traceroute-monitor';

/**
 * What a run produces beside its verdict: the runner writes these, services store them as the
 * result's detail, and the console reads them back (through readPayload: a stored payload that
 * does not fit is shown as missing, never as a crash). The public API types the traceroute and
 * multi-step payloads loosely (records), so these shapes are ours, not the spec's.
 */

export type Comparison = (typeof ASSERTION_COMPARISONS)[number];
export type TracerouteProtocol = (typeof TRACEROUTE_PROTOCOLS)[number];

export const AssertionOutcome = z.object({
  source: z.string(),
  property: z.string(),
  // API assertions also test keys and values of objects (HAS_KEY, HAS_VALUE and their negations).
  comparison: z.enum([...ASSERTION_COMPARISONS, 'HAS_KEY', 'NOT_HAS_KEY', 'HAS_VALUE', 'NOT_HAS_VALUE']),
  target: z.string(),
  regex: z.string().nullable(),
  /** The value compared after the property lookup and the regex, as recorded. */
  actual: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  passed: z.boolean(),
  /** Why the assertion could not be evaluated (bad regex, non-numeric value for GREATER_THAN...). */
  error: z.string().optional(),
});
export type AssertionOutcome = z.infer<typeof AssertionOutcome>;

export const Latency = z.object({ min: z.number(), avg: z.number(), max: z.number(), stdDev: z.number() });
export type Latency = z.infer<typeof Latency>;

export const PingReply = z.object({ sequence: z.number(), ttl: z.number().nullable(), timeMs: z.number() });
export type PingReply = z.infer<typeof PingReply>;

export const IcmpCheckResult = z.object({
  hostname: z.string(),
  resolvedAddress: z.string().optional(),
  packetsSent: z.number(),
  packetsReceived: z.number(),
  /** Percent, 0..100. */
  packetLoss: z.number(),
  /** All zeros when no reply came back. */
  latency: Latency,
  pings: z.array(PingReply).optional(),
  /** What fping or ping printed for this target (at most 16 KiB). */
  rawOutput: z.string().optional(),
});
export type IcmpCheckResult = z.infer<typeof IcmpCheckResult>;

/** The API's ICMP payload, rebuilt from the stored row (IcmpCheckResult above is what the runner produces). */
export const IcmpResultPayload = z.object({
  hostname: z.string().nullable(),
  resolvedAddress: z.string().nullable(),
  packetsSent: z.number(),
  packetsReceived: z.number(),
  packetLoss: z.number(),
  latency: Latency,
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
  /** Sightline's addition: what fping or ping printed (at most 16 KiB); absent on results stored before it was kept. */
  rawOutput: z.string().optional(),
});

export const TracerouteHop = z.object({
  hop_number: z.number(),
  main_ip: z.string().nullable(),
  main_host: z.string().nullable(),
  sent: z.number(),
  received: z.number(),
  loss_percentage: z.number(),
  rtt: z.object({ last_ms: z.number(), avg_ms: z.number(), best_ms: z.number(), worst_ms: z.number(), stddev_ms: z.number() }),
});
export type TracerouteHop = z.infer<typeof TracerouteHop>;

export const TracerouteCheckResult = z.object({
  hostname: z.string(),
  resolvedIp: z.string().nullable(),
  protocol: z.enum(TRACEROUTE_PROTOCOLS),
  port: z.number().nullable(),
  hops: z.array(TracerouteHop),
  totalHops: z.number(),
  destinationReached: z.boolean(),
  finalHopLatency: Latency.nullable(),
  /** What mtr printed (at most 16 KiB). */
  rawOutput: z.string().optional(),
});
export type TracerouteCheckResult = z.infer<typeof TracerouteCheckResult>;

export const MultiStepError = z.object({
  message: z.string(),
  location: z.object({ file: z.string(), line: z.number(), column: z.number() }).optional(),
  snippet: z.string().optional(),
});
export type MultiStepError = z.infer<typeof MultiStepError>;

export interface MultiStepStep {
  title: string;
  duration: number;
  error?: string;
  steps?: MultiStepStep[];
}
export const MultiStepStep: z.ZodType<MultiStepStep> = z.lazy(() =>
  z.object({ title: z.string(), duration: z.number(), error: z.string().optional(), steps: z.array(MultiStepStep).optional() }),
);

/** API calls a stored result keeps per test; the console says so when a test reached it. */
export const MULTI_STEP_REQUESTS_PER_TEST = 50;
/** Lines of output a stored result keeps (the first ones); the console says so when a run reached it. */
export const MULTI_STEP_LOG_LINES = 200;

/** Bytes of each request and response body a stored result keeps (the first ones, as text). */
export const MULTI_STEP_BODY_BYTES = 2_048;
/** Bytes of bodies a stored result keeps per test, all calls together; later calls keep their headers and sizes only. */
export const MULTI_STEP_BODY_BYTES_PER_TEST = 32_768;
/** Headers a stored result keeps per request or response, and characters per header value. */
export const MULTI_STEP_HEADERS = 50;
export const MULTI_STEP_HEADER_VALUE_CHARS = 1_000;

/** What a stored result keeps of a request or response body. */
export const MultiStepBody = z.object({
  /** The body's first MULTI_STEP_BODY_BYTES as text; absent for a binary body or one past the test's budget. */
  text: z.string().optional(),
  /** The whole body's size; absent when it is not known (a multipart form). */
  bytes: z.number().optional(),
  /** The text is the body's beginning only. */
  truncated: z.boolean().optional(),
  binary: z.boolean().optional(),
  /** The test's MULTI_STEP_BODY_BYTES_PER_TEST were spent on earlier calls. */
  omitted: z.boolean().optional(),
});
export type MultiStepBody = z.infer<typeof MultiStepBody>;

/** An API call a test made, in order (recorded on the warm runtime; at most MULTI_STEP_REQUESTS_PER_TEST per test). */
export const MultiStepRequest = z.object({
  method: z.string(),
  url: z.string(),
  /** HTTP status; absent when the call failed before an answer. */
  status: z.number().optional(),
  durationMs: z.number(),
  /** Bytes of the response body; absent without an answer. */
  sizeBytes: z.number().optional(),
  error: z.string().optional(),
  /** The headers the script set (its request context's and the call's own, and the content type Playwright adds for `data`, `form`, `multipart`). */
  requestHeaders: z.record(z.string(), z.string()).optional(),
  requestBody: MultiStepBody.optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  responseBody: MultiStepBody.optional(),
});
export type MultiStepRequest = z.infer<typeof MultiStepRequest>;

export const MultiStepTest = z.object({
  title: z.string(),
  status: z.string(),
  duration: z.number(),
  errors: z.array(MultiStepError),
  steps: z.array(MultiStepStep),
  requests: z.array(MultiStepRequest).optional(),
});
export type MultiStepTest = z.infer<typeof MultiStepTest>;

export const MultiStepLogLine = z.object({ stream: z.enum(['stdout', 'stderr']), text: z.string() });
export type MultiStepLogLine = z.infer<typeof MultiStepLogLine>;

export const MultiStepCheckResult = z.object({
  /** Epoch milliseconds, as in the reference MultiStepResultBrowser. */
  startTime: z.number(),
  endTime: z.number(),
  runtimeVersion: z.string(),
  /** Which path ran the script: the warm runtime, or `playwright test` in a process of its own (absent on results before the warm runtime). */
  runtime: z.enum(['WARM', 'FULL']).optional(),
  /** Why a script ran on the full path: what the warm runtime does not support. */
  fullPathReason: z.string().optional(),
  errors: z.array(MultiStepError),
  tests: z.array(MultiStepTest),
  jobLog: z.array(MultiStepLogLine),
});
export type MultiStepCheckResult = z.infer<typeof MultiStepCheckResult>;

/** A stored payload read back: null when absent or when it does not have this shape. */
export function readPayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The assertion outcomes of a stored result; entries that do not fit are left out. */
export function readAssertions(value: unknown): AssertionOutcome[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = AssertionOutcome.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One certificate of the chain an SSL monitor got, leaf first, with its own validity. */
export const SslChainCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  daysUntilExpiry: z.number(),
  /** "valid", "expired" or "not yet valid" at the run's start. */
  validity: z.enum(['valid', 'expired', 'not yet valid']),
  serialNumber: z.string(),
  fingerprintSha256: z.string(),
  sans: z.array(z.string()),
  selfSigned: z.boolean(),
});
export type SslChainCertificate = z.infer<typeof SslChainCertificate>;

/** The handshake an SSL monitor saw: the reference's CheckResultSsl `response`. */
export const SslResponse = z.object({
  resolvedIp: z.string().nullable(),
  protocol: z.string().nullable(),
  cipherSuite: z.string().nullable(),
  handshakeTimeMs: z.number(),
  hostnameVerified: z.boolean(),
  chainTrusted: z.boolean(),
  daysUntilExpiry: z.number().nullable(),
  /** Typed reason the chain is untrusted (`CERT_HAS_EXPIRED`, `HOSTNAME_MISMATCH`…), null when trusted. */
  chainTrustReason: z.string().nullable(),
  /** Why, in words. */
  chainTrustDetail: z.string().nullable(),
  certificate: SslChainCertificate.extend({ keySizeBits: z.number().nullable(), keyAlgorithm: z.string().nullable(), isCA: z.boolean() }).nullable(),
  chain: z.array(SslChainCertificate),
});
export type SslResponse = z.infer<typeof SslResponse>;

/** What the SSL executor returns (the reference's CheckResultSsl without assertions and requestError, kept by every result). */
export const SslCheckResult = z.object({
  tlsVersion: z.string().nullable(),
  cipherSuite: z.string().nullable(),
  daysUntilExpiry: z.number().nullable(),
  handshakeTimeMs: z.number(),
  chainTrusted: z.boolean(),
  hostnameVerified: z.boolean(),
  /** Why it failed, in a word: CONNECTION, HANDSHAKE_TIMEOUT, UNTRUSTED, EXPIRING, ASSERTION (null when it passed). */
  failureCategory: z.string().nullable(),
  request: z.object({ hostname: z.string(), port: z.number(), serverName: z.string(), ipFamily: z.string(), skipChainValidation: z.boolean(), alertDaysBeforeExpiry: z.number() }),
  response: SslResponse.nullable(),
});
export type SslCheckResult = z.infer<typeof SslCheckResult>;

/** The API's `sslCheckResult`: the payload plus the run's assertions and error. */
export const SslResultPayload = SslCheckResult.extend({
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
});
export type SslResultPayload = z.infer<typeof SslResultPayload>;

/**
 * What the TCP executor returns (the reference has no TCP result shape; docs/DECISIONS.md, issue 34
 * item 2): where it connected, how long the connect took, the first 4 KiB the peer sent and why it
 * failed in a word (REFUSED, TIMEOUT, RESET, DNS, UNREACHABLE, ERROR; null when connected).
 */
export const TcpCheckResult = z.object({
  request: z.object({ hostname: z.string(), port: z.number(), ipFamily: z.string(), dataSent: z.string().nullable() }),
  resolvedAddress: z.string().nullable(),
  /** Milliseconds from the start of the connect (after the lookup) to the connection, null when it did not connect. */
  connectTimeMs: z.number().nullable(),
  /** What the peer sent, as UTF-8, at most 4 KiB of it. */
  responseData: z.string(),
  /** Bytes received in all (more than 4096 means the rest was not kept). */
  bytesReceived: z.number(),
  truncated: z.boolean(),
  /** How the conversation ended: the peer closed, the run stopped reading (enough kept, or its time limit), or an error. */
  ended: z.enum(['PEER_CLOSED', 'ENOUGH_DATA', 'TIME_LIMIT', 'ERROR']),
  errorCode: z.enum(['REFUSED', 'TIMEOUT', 'RESET', 'DNS', 'UNREACHABLE', 'ERROR']).nullable(),
  error: z.string().nullable(),
});
export type TcpCheckResult = z.infer<typeof TcpCheckResult>;

/** The API's `tcpCheckResult`: the payload plus the run's assertions and error. */
export const TcpResultPayload = TcpCheckResult.extend({
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
});
export type TcpResultPayload = z.infer<typeof TcpResultPayload>;

/** One record of a DNS answer, with its data as JSON can carry it (MX and SOA as objects, TXT as text, HTTPS as hex). */
export const DnsRecord = z.object({ name: z.string(), type: z.string(), class: z.string(), ttl: z.number(), data: z.unknown() });
export type DnsRecord = z.infer<typeof DnsRecord>;

/**
 * What the DNS executor returns (the reference has no DNS result shape; docs/DECISIONS.md, issue 34
 * item 3): the server asked, the response code, the answer and authority sections, and why it failed.
 */
export const DnsCheckResult = z.object({
  request: z.object({ query: z.string(), recordType: z.string(), protocol: z.string() }),
  /** "127.0.0.1:53": the name server asked (the system's first resolver when the monitor names none). */
  serverAsked: z.string().nullable(),
  rcode: z.string().nullable(),
  flags: z.object({ authoritative: z.boolean(), truncated: z.boolean(), recursionAvailable: z.boolean() }).nullable(),
  answers: z.array(DnsRecord),
  authorities: z.array(DnsRecord),
  /** The answer as TEXT_ANSWER reads it: one line per record, "name ttl class type data". */
  textAnswer: z.string(),
  /** TIMEOUT (no answer), GARBAGE (only messages that are not a response to the query), NETWORK, NO_RESOLVER; null when answered. */
  errorCode: z.enum(['TIMEOUT', 'GARBAGE', 'NETWORK', 'NO_RESOLVER']).nullable(),
  error: z.string().nullable(),
});
export type DnsCheckResult = z.infer<typeof DnsCheckResult>;

/** The API's `dnsCheckResult`: the payload plus the run's assertions and error. */
export const DnsResultPayload = DnsCheckResult.extend({
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
});
export type DnsResultPayload = z.infer<typeof DnsResultPayload>;

/** How much of a POSTed ping body a heartbeat result keeps (the rest is cut, never refused). */
export const HEARTBEAT_BODY_LIMIT_BYTES = 10_240;

/**
 * A heartbeat result (the reference has no heartbeat result shape; docs/DECISIONS.md, issue 34 item 1):
 * one ping as it arrived, or the server's verdict that none came in time. `state` is the heartbeat's
 * state as the public API names it, judged at that moment.
 */
export const HeartbeatCheckResult = z.object({
  event: z.enum(['PING', 'START', 'FAIL', 'MISSED', 'RUN_NEVER_FINISHED']),
  state: z.enum(['RECEIVED', 'EARLY', 'GRACE', 'LATE', 'FAILING']),
  /** The ping's method, source address and user agent (null for the server's own verdicts). */
  method: z.string().nullable(),
  sourceAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The first 10 KiB of a POSTed body as UTF-8, `bodyBytes` its whole size. */
  body: z.string().nullable(),
  bodyBytes: z.number(),
  bodyTruncated: z.boolean(),
  /** A ping that ends a run started with `/start`: how long the run took. */
  runDurationMs: z.number().nullable(),
  /** When the next ping was (or is) due at the latest: period plus grace after the last one (ISO). */
  deadline: z.string().nullable(),
  /** The last ping before this result (ISO), null when none came yet. */
  previousPingAt: z.string().nullable(),
  /** Why a deadline moved that the job did not move (Sightline was not running, or a maintenance window). */
  note: z.string().nullable(),
});
export type HeartbeatCheckResult = z.infer<typeof HeartbeatCheckResult>;

/** The API's `heartbeatCheckResult`: the payload plus the result's error. */
export const HeartbeatResultPayload = HeartbeatCheckResult.extend({
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
});
export type HeartbeatResultPayload = z.infer<typeof HeartbeatResultPayload>;

/** One metadata entry the server sent (headers and trailers), as the reference's response.metadata lists them. */
export const GrpcMetadataEntry = z.object({ key: z.string(), value: z.string() });

/**
 * What the gRPC executor returns, shaped as the reference's CheckResultGrpc (docs/DECISIONS.md, issue 34
 * item 4): the status code, the health status, timings, the request as run and the response artifact
 * (mode, host, address, method, the message as JSON text cut at 16 KiB, status code and message, metadata).
 * `grpcStatusCode` is null only when no call was made (a .proto that does not parse, a method it lacks).
 */
export const GrpcTimingPhases = z.object({ dns: z.number().nullable(), connect: z.number().nullable(), total: z.number() });
export const GrpcResponse = z.object({
  grpcMode: z.string(),
  host: z.string(),
  resolvedIp: z.string().nullable(),
  port: z.number(),
  grpcMethod: z.string(),
  responseMessage: z.string(),
  responseTruncated: z.boolean(),
  grpcStatusCode: z.number().nullable(),
  grpcStatusMessage: z.string(),
  healthStatus: z.number().nullable(),
  healthStatusLabel: z.string(),
  metadata: z.array(GrpcMetadataEntry),
  discoveredMethods: z.array(z.string()).nullable(),
  requestError: z.string().nullable(),
  timingPhases: GrpcTimingPhases,
});
export const GrpcCheckResult = z.object({
  grpcStatusCode: z.number().nullable(),
  healthStatus: z.number().nullable(),
  timingPhases: GrpcTimingPhases,
  request: z.object({ url: z.string(), port: z.number(), tls: z.boolean(), skipSSL: z.boolean(), mode: z.string(), service: z.string(), method: z.string(), serviceDefinition: z.string().nullable(), metadataKeys: z.array(z.string()), message: z.string().nullable() }),
  response: GrpcResponse,
  /** NO_CONNECTION, TIMEOUT, TLS, PROTOCOL (the peer does not speak gRPC), DEFINITION (.proto or reflection), CALL (a non-OK status); null when OK. */
  errorCode: z.enum(['NO_CONNECTION', 'TIMEOUT', 'TLS', 'PROTOCOL', 'DEFINITION', 'CALL']).nullable(),
});
export type GrpcCheckResult = z.infer<typeof GrpcCheckResult>;

/** The API's `grpcCheckResult`: the payload plus the run's assertions and error (CheckResultGrpc). */
export const GrpcResultPayload = GrpcCheckResult.extend({
  assertions: z.array(z.record(z.string(), z.unknown())),
  requestError: z.string().nullable(),
});
export type GrpcResultPayload = z.infer<typeof GrpcResultPayload>;
