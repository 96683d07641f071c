import { z } from 'zod';
import type { PwReport, PwStep, PwSuite } from '../report-shape';

/**
 * The messages between the server and a warm runtime process (newline-delimited JSON on fd 3), and
 * between the runtime's main thread and its worker threads. Both sides parse what they receive.
 */

export const RunFile = z.object({
  /** Path inside the check's folder, as the script imports it. */
  path: z.string(),
  /** CommonJS, transpiled by the server (esbuild), or JSON text. */
  code: z.string(),
  /** esbuild's source map of `code`, to give errors the script's own line numbers. */
  map: z.string().nullable(),
  /** The file as written, for the code frame of an error. */
  source: z.string(),
});
export type RunFile = z.infer<typeof RunFile>;

export const RunRequest = z.object({
  type: z.literal('run'),
  runId: z.string(),
  entry: z.string(),
  files: z.array(RunFile),
  /** Exactly the variables the script sees as process.env. */
  env: z.record(z.string(), z.string()),
  /** Per test, as Playwright's config timeout; the runtime stops the run hard a little after. */
  timeoutMs: z.number().int().positive(),
  /** The run's own limit on the buffers it holds (the thread's heap limit covers the rest). */
  memoryLimitMb: z.number().positive(),
});
export type RunRequest = z.infer<typeof RunRequest>;

export const ToRuntime = z.discriminatedUnion('type', [RunRequest, z.object({ type: z.literal('cancel'), runId: z.string() })]);
export type ToRuntime = z.infer<typeof ToRuntime>;

const PwErrorSchema = z.object({
  message: z.string().optional(),
  location: z.object({ file: z.string(), line: z.number(), column: z.number() }).optional(),
  snippet: z.string().optional(),
});
const PwStepSchema: z.ZodType<PwStep> = z.lazy(() => z.object({ title: z.string(), duration: z.number(), error: PwErrorSchema.optional(), steps: z.array(PwStepSchema).optional() }));
const PwOutputSchema = z.object({ text: z.string().optional(), buffer: z.string().optional() });
const PwBodySchema = z.object({ text: z.string().optional(), bytes: z.number().optional(), truncated: z.boolean().optional(), binary: z.boolean().optional(), omitted: z.boolean().optional() });
const PwHeadersSchema = z.record(z.string(), z.string());
const PwRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  status: z.number().optional(),
  durationMs: z.number(),
  sizeBytes: z.number().optional(),
  error: z.string().optional(),
  requestHeaders: PwHeadersSchema.optional(),
  requestBody: PwBodySchema.optional(),
  responseHeaders: PwHeadersSchema.optional(),
  responseBody: PwBodySchema.optional(),
});
const PwResultSchema = z.object({
  requests: z.array(PwRequestSchema).optional(),
  status: z.string(),
  duration: z.number(),
  errors: z.array(PwErrorSchema).optional(),
  steps: z.array(PwStepSchema).optional(),
  stdout: z.array(PwOutputSchema).optional(),
  stderr: z.array(PwOutputSchema).optional(),
});
const PwSuiteSchema: z.ZodType<PwSuite> = z.lazy(() =>
  z.object({
    title: z.string(),
    specs: z.array(z.object({ title: z.string(), tests: z.array(z.object({ results: z.array(PwResultSchema) })) })).optional(),
    suites: z.array(PwSuiteSchema).optional(),
  }),
);
export const PwReportSchema: z.ZodType<PwReport> = z.object({
  suites: z.array(PwSuiteSchema).optional(),
  errors: z.array(PwErrorSchema).optional(),
  stats: z.object({ duration: z.number().optional() }).optional(),
});

/**
 * How a run ended inside the runtime: a report; `unsupported` (the script needs the full
 * `playwright test` path, and nothing of its tests ran yet); or the runtime had to stop it
 * (`hung`: it blocked its thread past its time limit; `memory`: its thread ran out of memory; `crashed`).
 */
export const RunOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('report'), report: PwReportSchema }),
  z.object({ kind: z.literal('unsupported'), feature: z.string() }),
  z.object({ kind: z.literal('stopped'), reason: z.enum(['hung', 'memory', 'crashed']), message: z.string() }),
]);
export type RunOutcome = z.infer<typeof RunOutcome>;

export const FromRuntime = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), threads: z.number() }),
  /** The runtime started the run over (alone, after its shared thread failed): the server's deadline for it starts over once. */
  z.object({ type: z.literal('restarted'), runId: z.string() }),
  z.object({
    type: z.literal('result'),
    runId: z.string(),
    outcome: RunOutcome,
    rssMb: z.number(),
    /** The process's open file descriptors, when the runtime counts them: the server retires a process that nears its limit. */
    openFiles: z.number().optional(),
  }),
]);
export type FromRuntime = z.infer<typeof FromRuntime>;

/** Between the runtime's main thread and a worker thread. */
export const ToThread = z.discriminatedUnion('type', [RunRequest, z.object({ type: z.literal('cancel'), runId: z.string() }), z.object({ type: z.literal('ping') })]);
export type ToThread = z.infer<typeof ToThread>;

export const FromThread = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('result'), runId: z.string(), outcome: RunOutcome, heapUsedMb: z.number() }),
]);
export type FromThread = z.infer<typeof FromThread>;
