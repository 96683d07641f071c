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
  comparison: z.enum(ASSERTION_COMPARISONS),
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
