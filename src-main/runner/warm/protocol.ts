import { z } from 'zod';
import { ApiScriptLogLine } from '../../../src-shared/schemas/api-check';
import { PlaywrightConfig } from '../../../src-shared/schemas/playwright-config';
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

/** The request of an API check as its setup and teardown scripts see it (the public docs' `request` object). */
export const ApiScriptRequest = z.object({
  method: z.string(),
  url: z.string(),
  body: z.string(),
  headers: z.record(z.string(), z.string()),
  queryParameters: z.record(z.string(), z.string()),
});
export type ApiScriptRequest = z.infer<typeof ApiScriptRequest>;

/** The response of an API check as its teardown script sees it (the public docs' `response` object). */
export const ApiScriptResponse = z.object({
  statusCode: z.number(),
  statusText: z.string(),
  body: z.string(),
  headers: z.record(z.string(), z.string()),
  timings: z.record(z.string(), z.number().nullable()).nullable(),
  timingPhases: z.record(z.string(), z.number().nullable()).nullable(),
});
export type ApiScriptResponse = z.infer<typeof ApiScriptResponse>;

/** A line an API check's script logged (console.*), as the public result's jobLog keeps them. */
export const ApiScriptLog = ApiScriptLogLine;
export type ApiScriptLog = ApiScriptLogLine;

/**
 * An API check's setup or teardown script instead of a test file: the entry registers one async
 * function (the script's body), which runs with `request` (and `response` for teardown) as globals.
 */
export const ApiScriptJob = z.object({
  phase: z.enum(['setup', 'teardown']),
  request: ApiScriptRequest,
  response: ApiScriptResponse.nullable(),
});
export type ApiScriptJob = z.infer<typeof ApiScriptJob>;

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
  /** Set for an API check's script (runner/api-scripts.ts); absent for a multi-step run. */
  apiScript: ApiScriptJob.optional(),
  /** A multi-step check's playwrightConfig: its test timeout, expect timeout and request-context `use` options. */
  playwrightConfig: PlaywrightConfig.optional(),
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
  /** An API check's script ran: the request and response as it left them, what it logged, and its error if it threw. */
  z.object({
    kind: z.literal('api-script'),
    request: ApiScriptRequest,
    response: ApiScriptResponse.nullable(),
    logs: z.array(ApiScriptLog),
    error: PwErrorSchema.nullable(),
    /** It was still going at its time limit. */
    timedOut: z.boolean(),
  }),
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
