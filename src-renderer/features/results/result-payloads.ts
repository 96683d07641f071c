import { z } from 'zod';

/**
 * The API types assertion lists and the traceroute / multi-step payloads loosely (records); these
 * read what the runner stores (src-main/runner/types.ts) and drop what does not fit.
 */

export const AssertionOutcome = z.object({
  source: z.string(),
  property: z.string().nullish(),
  comparison: z.string(),
  target: z.string().nullish(),
  regex: z.string().nullish(),
  actual: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  passed: z.boolean(),
  error: z.string().optional(),
});
export type AssertionOutcome = z.infer<typeof AssertionOutcome>;

export function readAssertions(value: unknown): AssertionOutcome[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = AssertionOutcome.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const Rtt = z.object({ last_ms: z.number(), avg_ms: z.number(), best_ms: z.number(), worst_ms: z.number(), stddev_ms: z.number() });

export const TracerouteHop = z.object({
  hop_number: z.number(),
  main_ip: z.string().nullable(),
  main_host: z.string().nullable(),
  sent: z.number(),
  received: z.number(),
  loss_percentage: z.number(),
  rtt: Rtt,
});
export type TracerouteHop = z.infer<typeof TracerouteHop>;

const Latency = z.object({ min: z.number(), avg: z.number(), max: z.number(), stdDev: z.number() });

export const TraceroutePayload = z.object({
  hostname: z.string(),
  resolvedIp: z.string().nullish(),
  protocol: z.string().optional(),
  port: z.number().nullish(),
  hops: z.array(TracerouteHop).default([]),
  totalHops: z.number().optional(),
  destinationReached: z.boolean().optional(),
  finalHopLatency: Latency.nullish(),
});
export type TraceroutePayload = z.infer<typeof TraceroutePayload>;

export interface MultiStepStep {
  title: string;
  duration: number;
  error?: string;
  steps?: MultiStepStep[];
}

const MultiStepStep: z.ZodType<MultiStepStep> = z.lazy(() =>
  z.object({ title: z.string(), duration: z.number(), error: z.string().optional(), steps: z.array(MultiStepStep).optional() }),
);

export const MultiStepError = z.object({
  message: z.string(),
  location: z.object({ file: z.string(), line: z.number(), column: z.number() }).optional(),
  snippet: z.string().optional(),
});
export type MultiStepError = z.infer<typeof MultiStepError>;

export const MultiStepTest = z.object({
  title: z.string(),
  status: z.string(),
  duration: z.number(),
  errors: z.array(MultiStepError).default([]),
  steps: z.array(MultiStepStep).default([]),
});
export type MultiStepTest = z.infer<typeof MultiStepTest>;

export const MultiStepPayload = z.object({
  startTime: z.number().optional(),
  endTime: z.number().optional(),
  runtimeVersion: z.string().optional(),
  errors: z.array(MultiStepError).default([]),
  tests: z.array(MultiStepTest).default([]),
  jobLog: z.array(z.object({ stream: z.enum(['stdout', 'stderr']), text: z.string() })).default([]),
});
export type MultiStepPayload = z.infer<typeof MultiStepPayload>;

export function readPayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
