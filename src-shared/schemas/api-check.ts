import { z } from 'zod';
import { IP_FAMILIES } from '../enums';
import { isValidJsonPath } from '../rules/json-path';
import { byteLimited, LIMITS } from './limits';
import { ApiCheckAssertion, BasicAuth } from './check-group';
import { Frequency, KeyValue, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';
import { Dependency, MAX_DEPENDENCIES, WorkspacePath, multiStepFileRules } from './multistep-check';

/**
 * API checks (`checkType: API`, the reference's ChecksV1ApiCheck with ChecksV1ApiRequest) and URL
 * monitors (`URL`, ChecksV1UrlMonitor: a GET with status-code assertions). Both are one HTTP
 * request made by the server or agent itself (nothing user-written runs, unless an API check has
 * setup/teardown scripts), judged by assertions in the public API's shape.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'PATCH'] as const;
export const BODY_TYPES = ['JSON', 'FORM', 'RAW', 'GRAPHQL', 'NONE'] as const;
/** A request body at most this big (UTF-8 bytes). */
export const API_BODY_MAX_BYTES = 64 * 1024;

/**
 * An http(s) URL, or one that starts with a `{{VARIABLE}}` (an environment's host) resolved at run
 * time; an API check's may also be a path starting with "/", which its group's base URL completes.
 */
function httpUrl(allowPath: boolean) {
  return z
  .string()
  .min(1)
  .max(LIMITS.url)
  .superRefine((value, ctx) => {
    const text = value.trim();
    if (/^\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}/.test(text)) return;
    if (allowPath && text.startsWith('/') && !text.startsWith('//')) return;
    let url: URL;
    try {
      url = new URL(text.replace(/\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g, 'x'));
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an http:// or https:// URL, not "${value.slice(0, 100)}"` });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: `must be an http:// or https:// URL, not ${url.protocol}` });
  });
}
export const HttpUrl = httpUrl(false);
/** An API check's URL: also a path the group's base URL completes. */
export const ApiUrl = httpUrl(true);

/** An API assertion whose JSON path parses and whose regex compiles (the group's own keep the looser shape). */
export const ApiAssertion = ApiCheckAssertion.superRefine((assertion, ctx) => {
  if (assertion.source === 'JSON_BODY' && assertion.property !== '' && !isValidJsonPath(assertion.property)) {
    ctx.addIssue({ code: 'custom', path: ['property'], message: `"${assertion.property}" is not a JSON path this check can read (use $.member, $.list[0] or $['member'])` });
  }
  if (assertion.regex) {
    try {
      new RegExp(assertion.regex);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['regex'], message: `"${assertion.regex}" is not a valid regular expression` });
    }
  }
  const numeric = assertion.comparison === 'GREATER_THAN' || assertion.comparison === 'LESS_THAN' || assertion.source === 'RESPONSE_TIME';
  if (numeric && assertion.target.trim() !== '' && !Number.isFinite(Number(assertion.target))) {
    ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a number, not "${assertion.target}"` });
  }
});
export type ApiAssertion = z.infer<typeof ApiAssertion>;

/** URL monitors assert the status code only, with the comparisons the reference's ChecksV1UrlAssertion lists. */
export const UrlAssertion = z.object({
  source: z.literal('STATUS_CODE'),
  comparison: z.enum(['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN']),
  property: z.string().max(LIMITS.assertionText).default(''),
  target: z
    .string()
    .max(LIMITS.assertionText)
    .default('')
    .refine((t) => t.trim() !== '' && Number.isInteger(Number(t)), 'must be a status code such as 200'),
  regex: z.string().max(LIMITS.assertionText).nullable().default(''),
});
export type UrlAssertion = z.infer<typeof UrlAssertion>;

function apiRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    method: requiredOnCreate(mode, z.enum(HTTP_METHODS)),
    url: requiredOnCreate(mode, ApiUrl),
    followRedirects: d(z.boolean(), true),
    skipSSL: d(z.boolean(), false),
    ipFamily: d(z.enum(IP_FAMILIES), 'IPv4'),
    body: d(byteLimited(API_BODY_MAX_BYTES), ''),
    bodyType: d(z.enum(BODY_TYPES), 'NONE'),
    headers: d(z.array(KeyValue).max(LIMITS.keyValues), []),
    queryParameters: d(z.array(KeyValue).max(LIMITS.keyValues), []),
    assertions: d(z.array(ApiAssertion).max(LIMITS.assertions), []),
    basicAuth: BasicAuth.nullable().optional(),
  });
}

function urlRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    method: d(z.literal('GET'), 'GET'),
    url: requiredOnCreate(mode, HttpUrl),
    followRedirects: d(z.boolean(), true),
    skipSSL: d(z.boolean(), false),
    ipFamily: d(z.enum(IP_FAMILIES), 'IPv4'),
    assertions: d(z.array(UrlAssertion).max(LIMITS.assertions), []),
  });
}

const responseTime = z.number().min(0).max(30_000).nullable();
/** "Fail N days before the certificate expires" (https only; null: not checked). A Sightline extension of the public shape. */
const CertificateExpiryDays = z.number().int().min(1).max(365).nullable();

function apiFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('API'), 'API'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, apiRequest(mode)),
    degradedResponseTime: d(responseTime, 10_000),
    maxResponseTime: d(responseTime, 20_000),
    certificateExpiryDays: d(CertificateExpiryDays, null),
    setupSnippetId: d(z.number().nullable(), null),
    tearDownSnippetId: d(z.number().nullable(), null),
    localSetupScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
    localTearDownScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
    // A script the CLI bundled from `{ entrypoint }`: its path in the project and the project files it imports
    // (the CLI sends indexes into the deploy's sharedFiles; they are stored as files, as a multi-step check's).
    setupScriptPath: d(WorkspacePath.nullable(), null),
    setupScriptDependencies: d(z.array(Dependency).max(MAX_DEPENDENCIES).nullable(), []),
    tearDownScriptPath: d(WorkspacePath.nullable(), null),
    tearDownScriptDependencies: d(z.array(Dependency).max(MAX_DEPENDENCIES).nullable(), []),
  };
}

/** Each script's files follow a multi-step check's rules (distinct paths inside the project, the total size), named by the script's own fields. */
function apiScriptFileRules(value: { setupScriptPath?: string | null; setupScriptDependencies?: Dependency[] | null; tearDownScriptPath?: string | null; tearDownScriptDependencies?: Dependency[] | null }, ctx: z.RefinementCtx) {
  multiStepFileRules({ scriptPath: value.setupScriptPath, dependencies: value.setupScriptDependencies }, ctx, { scriptPath: 'setupScriptPath', dependencies: 'setupScriptDependencies' });
  multiStepFileRules({ scriptPath: value.tearDownScriptPath, dependencies: value.tearDownScriptDependencies }, ctx, { scriptPath: 'tearDownScriptPath', dependencies: 'tearDownScriptDependencies' });
}

function urlFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('URL'), 'URL'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, urlRequest(mode)),
    degradedResponseTime: d(responseTime, 10_000),
    maxResponseTime: d(responseTime, 20_000),
    certificateExpiryDays: d(CertificateExpiryDays, null),
  };
}

const apiCreate = apiFields('create');
const urlCreate = urlFields('create');

/** The group's apiCheckDefaults as a run applies them (docs/DECISIONS.md, "apiCheckDefaults"). */
export const GroupRequestDefaults = z.object({
  url: z.string().nullable().default(''),
  headers: z.array(KeyValue).default([]),
  queryParameters: z.array(KeyValue).default([]),
  assertions: z.array(ApiCheckAssertion).default([]),
  basicAuth: BasicAuth.nullable().default(null),
});
export type GroupRequestDefaults = z.infer<typeof GroupRequestDefaults>;

const RunVariable = z.object({ key: z.string(), value: z.string().nullable(), secret: z.boolean().optional() });

/** The public docs' limit for each of an API check's setup and teardown scripts. */
export const API_SCRIPT_TIMEOUT_MS = 10_000;
/** What a script adds to an API run's time limit: its own limit and the runtime's grace to stop one that blocks. */
export const API_SCRIPT_ALLOWANCE_MS = API_SCRIPT_TIMEOUT_MS + 5_000;

const present = (script: string | null | undefined) => typeof script === 'string' && script.trim() !== '';

/** The time an API check's scripts may add to its run (none without scripts). */
export function apiScriptAllowanceMs(check: { localSetupScript?: string | null; localTearDownScript?: string | null }): number {
  return (present(check.localSetupScript) ? API_SCRIPT_ALLOWANCE_MS : 0) + (present(check.localTearDownScript) ? API_SCRIPT_ALLOWANCE_MS : 0);
}

/** A line an API check's setup or teardown script logged (console.*). */
export const ApiScriptLogLine = z.object({ time: z.number(), level: z.enum(['INFO', 'WARN', 'ERROR', 'DEBUG']), msg: z.string() });
export type ApiScriptLogLine = z.infer<typeof ApiScriptLogLine>;

/** The public CheckResultAPI's `jobLog` of a run with scripts: what each script logged. */
export const ApiJobLog = z.object({ setup: z.array(ApiScriptLogLine), teardown: z.array(ApiScriptLogLine) });
export type ApiJobLog = z.infer<typeof ApiJobLog>;

/** What the API executor takes, parsed from a stored check body (group defaults and variables already attached). */
export const ApiRunInput = z.object({
  request: apiCreate.request,
  shouldFail: apiCreate.shouldFail,
  degradedResponseTime: apiCreate.degradedResponseTime,
  maxResponseTime: apiCreate.maxResponseTime,
  certificateExpiryDays: apiCreate.certificateExpiryDays,
  localSetupScript: apiCreate.localSetupScript,
  localTearDownScript: apiCreate.localTearDownScript,
  setupScriptPath: z.string().nullable().default(null),
  setupScriptDependencies: z.array(z.object({ path: z.string(), content: z.string() })).nullable().default([]),
  tearDownScriptPath: z.string().nullable().default(null),
  tearDownScriptDependencies: z.array(z.object({ path: z.string(), content: z.string() })).nullable().default([]),
  groupDefaults: GroupRequestDefaults.nullable().default(null),
  environmentVariables: z.array(RunVariable).nullable().default([]),
});
export type ApiRunInput = z.infer<typeof ApiRunInput>;

/** What the URL executor takes. */
export const UrlRunInput = z.object({
  request: urlCreate.request,
  shouldFail: urlCreate.shouldFail,
  degradedResponseTime: urlCreate.degradedResponseTime,
  maxResponseTime: urlCreate.maxResponseTime,
  certificateExpiryDays: urlCreate.certificateExpiryDays,
});
export type UrlRunInput = z.infer<typeof UrlRunInput>;

export const ApiCheckCreate = z.object(apiCreate).superRefine(checkCrossFieldRules).superRefine(apiScriptFileRules);
export type ApiCheckCreate = z.infer<typeof ApiCheckCreate>;
export const ApiCheckUpdate = z.object(apiFields('update'));
export const ApiCheckRead = checkReadSchema(ApiCheckUpdate.shape);
export type ApiCheck = ApiCheckCreate & CheckReadOnly;

export const UrlMonitorCreate = z.object(urlCreate).superRefine(checkCrossFieldRules);
export type UrlMonitorCreate = z.infer<typeof UrlMonitorCreate>;
export const UrlMonitorUpdate = z.object(urlFields('update'));
export const UrlMonitorRead = checkReadSchema(UrlMonitorUpdate.shape);
export type UrlMonitor = UrlMonitorCreate & CheckReadOnly;

/**
 * What an API or URL run returns (`apiCheckResult`, the public CheckResultAPI plus the certificate and
 * redirects). `kept` says what is stored: a passing run keeps a summary (status, and the assertions in
 * the result's own detail), a failing or degraded one the whole request and response.
 */
export const ApiCheckResult = z.object({
  kept: z.enum(['summary', 'full']),
  request: z.object({ method: z.string(), url: z.string(), data: z.string(), headers: z.record(z.string(), z.string()), params: z.record(z.string(), z.string()) }).nullable(),
  response: z.object({
    status: z.number().nullable(),
    statusText: z.string().nullable(),
    body: z.string(),
    headers: z.record(z.string(), z.string()).nullable(),
    timings: z.object({ socket: z.number(), lookup: z.number(), connect: z.number(), response: z.number(), end: z.number() }).nullable(),
    timingPhases: z.object({ wait: z.number(), dns: z.number(), tcp: z.number(), tls: z.number(), firstByte: z.number(), download: z.number(), total: z.number() }).nullable(),
    bodyBytes: z.number(),
    bodyTruncated: z.boolean(),
  }),
  requestError: z.string().nullable(),
  redirects: z.array(z.object({ status: z.number(), from: z.string(), to: z.string() })),
  /** What the setup and teardown scripts logged; absent for a check without scripts. */
  jobLog: ApiJobLog.optional(),
  certificate: z
    .object({
      subject: z.string(),
      issuer: z.string(),
      validFrom: z.string(),
      validTo: z.string(),
      daysLeft: z.number(),
      subjectAltNames: z.array(z.string()),
      fingerprint256: z.string(),
      trusted: z.boolean(),
      untrustedReason: z.string().nullable(),
    })
    .nullable(),
});
export type ApiCheckResult = z.infer<typeof ApiCheckResult>;

/** A passing run's stored summary: the same for every passing run of a check, so it is stored once (result details are deduplicated). */
export const ApiResultSummary = z.object({ summary: z.literal(true), status: z.number().nullable(), statusText: z.string().nullable() });
