import { AsyncLocalStorage } from 'node:async_hooks';
import nodeFs, { mkdtempSync, rmSync } from 'node:fs';
import { isBuiltin, SourceMap } from 'node:module';
import os, { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { format, inspect } from 'node:util';
import vm from 'node:vm';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
// Loaded once per thread (the bundle keeps it external): the cost the warm runtime exists to pay only once.
import * as playwright from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { rawFsForTests } from './raw-fs-hook';
import { requestRecord, responseRecord } from './call-record';
import type { PwError, PwRequest } from '../report-shape';
import { ToThread, type ApiScriptLog, type ApiScriptRequest, type ApiScriptResponse, type FromThread, type RunFile, type RunOutcome, type RunRequest } from './protocol';
import { guardBuffers } from './memory-guard';
import { hardened, lockDownThread } from './lockdown';
import { hardenBuiltins, runBuiltins } from './run-builtins';
import { runFs } from './run-fs';
import { SHIM_ERROR_CLASSES, TestShim, Unsupported, type ShimHost } from './test-shim';

/**
 * A worker thread of a warm runtime: @playwright/test is loaded once, then every run gets a fresh
 * V8 context (its own globals), its own process.env, timers, console, files and request contexts,
 * and a module loader that serves only its own files, @playwright/test and the built-ins of
 * run-builtins.ts. What a run can reach of this thread is frozen (lockdown.ts) or made for it alone,
 * so no run changes what another sees (docs/ARCHITECTURE.md, "The warm multi-step runtime").
 */

const port = parentPort;
if (!port) throw new Error('runtime-thread runs as a worker thread');

const send = (message: FromThread) => port.postMessage(message);

class ScriptExit extends Error {
  constructor(code: unknown) {
    super(`process.exit(${code === undefined ? '' : String(code)}) was called: a multi-step script cannot end its process; throw an error or let the test fail instead`);
    this.name = 'ScriptExit';
  }
}

/** Requests one run may have in flight at once, and request contexts it may hold: past them its own call fails. */
const MAX_REQUESTS_IN_FLIGHT = 64;
const MAX_REQUEST_CONTEXTS = 32;
/** Files a run may hold open, and bytes of files it may write (its folder is in the runtime's memory-backed root). */
const MAX_OPEN_FILES = 64;
const MAX_FILE_BYTES = 64 * 1048576;

lockDownThread();
hardenBuiltins();
for (const shared of [ScriptExit, ...SHIM_ERROR_CLASSES]) hardened(shared);
hardenExpect(playwright.expect);

/**
 * Freezes Playwright's `expect` and the classes of what it hands out (asymmetric matchers, the errors
 * of failed expectations): a run that reaches their prototypes cannot make another's expectation pass.
 */
function hardenExpect(expect: typeof playwright.expect): void {
  hardened(expect);
  const samples: unknown[] = [expect.any(String), expect.anything(), expect.arrayContaining([]), expect.objectContaining({}), expect.stringContaining(''), expect.stringMatching(/x/), expect.closeTo(0), expect.not.arrayContaining([]), expect.not.objectContaining({}), expect.not.stringContaining(''), expect.not.stringMatching(/x/)];
  for (const attempt of [() => expect(1).toBe(2), () => expect.soft(1).toBe(2), () => expect({}).toHaveProperty('x')]) {
    try {
      attempt();
    } catch (error) {
      samples.push(error);
    }
  }
  for (const sample of samples) if (typeof sample === 'object' && sample !== null) hardened(Object.getPrototypeOf(sample) as object);
}

const RESOLVE_SUFFIXES = ['', '.ts', '.js', '.mjs', '.cjs', '.mts', '.cts', '.json', '/index.ts', '/index.js'];

interface Run {
  request: RunRequest;
  home: string | null;
  cancelled: boolean;
  contexts: APIRequestContext[];
  testContexts: APIRequestContext[];
  timers: Set<ReturnType<typeof setTimeout>>;
  intervals: Set<ReturnType<typeof setInterval>>;
  immediates: Set<ReturnType<typeof setImmediate>>;
  /** Aborts the run's fetches when it ends. */
  abort: AbortController;
  requestsInFlight: number;
  /** Errors nobody caught (an unhandled rejection, a throwing callback) while the run was going: its own failures. */
  stray: PwError[];
  releaseFiles: () => void;
}

/** The run whose code is executing: a stray error is charged to it, and to nobody once it has ended. */
const running = new AsyncLocalStorage<Run>();

function onStrayError(error: unknown): void {
  const run = running.getStore();
  if (run && runs.get(run.request.runId) === run && run.stray.length < 10) run.stray.push(toError(run, error));
  // Otherwise it belongs to a run that has ended (a callback it left behind): no run that is going now is blamed, and the thread goes on.
}
process.on('uncaughtException', onStrayError);
process.on('unhandledRejection', onStrayError);

const runs = new Map<string, Run>();
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: RunFile): SourceMap | null {
  const key = `${file.path}\0${file.map ?? ''}`;
  let map = maps.get(key);
  if (map === undefined) {
    map = file.map ? new SourceMap(JSON.parse(file.map)) : null;
    if (maps.size > 500) maps.clear();
    maps.set(key, map);
  }
  return map;
}

/** "Error: message", a location in the script's own lines and a code frame, as Playwright's reporter gives them. */
function toError(run: Run, error: unknown): PwError {
  const message = error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error) ? `${(error as Error).name ?? 'Error'}: ${(error as Error).message}` : `Error: ${inspect(error)}`;
  const stack = typeof error === 'object' && error !== null && 'stack' in error ? String((error as Error).stack) : '';
  for (const file of run.request.files) {
    const at = new RegExp(`${file.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+)`).exec(stack);
    if (!at) continue;
    let line = Number(at[1]);
    let column = Number(at[2]);
    const entry = sourceMapOf(file)?.findEntry(line - 1, column - 1);
    if (entry && 'originalLine' in entry && typeof entry.originalLine === 'number') {
      line = entry.originalLine + 1;
      column = entry.originalColumn + 1;
    }
    return { message, location: { file: file.path, line, column }, snippet: codeFrame(file.source, line, column) };
  }
  return { message };
}

function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split('\n');
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** Where a run's console and process.stdout/stderr write: the test shim, or an API script's log. */
type Output = Pick<TestShim, 'write'>;

function fakeProcess(run: Run, shim: Output, env: Record<string, string>): Record<string, unknown> {
  const hrtime = Object.assign((previous?: [number, number]) => process.hrtime(previous), { bigint: () => process.hrtime.bigint() });
  return {
    env,
    argv: ['node', run.request.entry],
    platform: process.platform,
    arch: process.arch,
    version: process.version,
    versions: { ...process.versions },
    cwd: () => env.HOME ?? '/',
    pid: process.pid,
    ppid: process.ppid,
    getuid: () => process.getuid?.(),
    getgid: () => process.getgid?.(),
    exit: (code?: unknown) => {
      throw new ScriptExit(code);
    },
    nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
    hrtime,
    uptime: () => process.uptime(),
    memoryUsage: Object.assign(() => process.memoryUsage(), { rss: () => process.memoryUsage.rss() }),
    emitWarning: (warning: unknown) => shim.write('stderr', `${String(warning)}\n`),
    stdout: { write: (chunk: unknown) => (shim.write('stdout', String(chunk)), true) },
    stderr: { write: (chunk: unknown) => (shim.write('stderr', String(chunk)), true) },
    on: () => undefined,
    once: () => undefined,
    off: () => undefined,
  };
}

function fakeConsole(shim: Output): Record<string, unknown> {
  const out = (...args: unknown[]) => shim.write('stdout', `${format(...args)}\n`);
  const err = (...args: unknown[]) => shim.write('stderr', `${format(...args)}\n`);
  return { log: out, info: out, debug: out, trace: err, warn: err, error: err, dir: (value: unknown) => shim.write('stdout', `${inspect(value)}\n`), table: out, group: out, groupEnd: () => undefined, time: () => undefined, timeEnd: () => undefined, assert: (ok: unknown, ...args: unknown[]) => (ok ? undefined : err('Assertion failed', ...args)) };
}

/** Timers the run can use, all cleared when it ends: nothing of one run fires during another. */
function trackedTimers(run: Run) {
  return {
    setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle = setTimeout(() => {
        run.timers.delete(handle);
        fn(...args);
      }, ms);
      run.timers.add(handle);
      return handle;
    },
    clearTimeout: (handle: unknown) => {
      run.timers.delete(handle as ReturnType<typeof setTimeout>);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle = setInterval(fn, ms, ...args);
      run.intervals.add(handle);
      return handle;
    },
    clearInterval: (handle: unknown) => {
      run.intervals.delete(handle as ReturnType<typeof setInterval>);
      clearInterval(handle as ReturnType<typeof setInterval>);
    },
    setImmediate: (fn: (...a: unknown[]) => void, ...args: unknown[]) => {
      const handle = setImmediate(() => {
        run.immediates.delete(handle);
        fn(...args);
      });
      run.immediates.add(handle);
      return handle;
    },
    clearImmediate: (handle: unknown) => {
      run.immediates.delete(handle as ReturnType<typeof setImmediate>);
      clearImmediate(handle as ReturnType<typeof setImmediate>);
    },
  };
}

/** A request of the run, counted while in flight: one run cannot take every socket of the thread. */
async function counted<T>(run: Run, call: () => Promise<T>): Promise<T> {
  if (run.requestsInFlight >= MAX_REQUESTS_IN_FLIGHT) throw new Error(`this run already has ${MAX_REQUESTS_IN_FLIGHT} requests in flight, the most a warm run may have at once`);
  run.requestsInFlight++;
  try {
    return await call();
  } finally {
    run.requestsInFlight--;
  }
}

/** Response facades and the responses behind them, for `expect(response).toBeOK()`. */
const realResponses = new WeakMap<object, APIResponse>();
const RESPONSE_METHODS = ['url', 'status', 'statusText', 'ok', 'headers', 'headersArray', 'body', 'text', 'dispose'] as const;
const REQUEST_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;

/**
 * What a run holds of a response: an object of its own with the response's methods (Playwright's
 * APIResponse and its prototype are shared by every run of the thread, so they stay out of reach),
 * whose JSON bodies are objects of the script's own realm (toStrictEqual compares prototypes).
 */
function responseFacade(response: APIResponse, realmJson: JSON): Record<string, unknown> {
  const facade: Record<string, unknown> = {};
  for (const name of RESPONSE_METHODS) {
    const method = response[name] as (...a: unknown[]) => unknown;
    facade[name] = (...args: unknown[]) => method.apply(response, args);
  }
  facade.json = async () => realmJson.parse(await response.text()) as unknown;
  realResponses.set(facade, response);
  return facade;
}

/** A request context of the run: its calls are listed with the test that made them (method, URL, status, time) and counted. */
function contextFacade(run: Run, context: APIRequestContext, realmJson: JSON, note: (request: PwRequest) => void, contextHeaders: unknown): Record<string, unknown> {
  const facade: Record<string, unknown> = {
    dispose: (options?: unknown) => context.dispose(options as never),
    storageState: (options?: unknown) => context.storageState(options as never),
  };
  for (const name of REQUEST_METHODS) {
    const method = context[name] as (...a: unknown[]) => Promise<APIResponse>;
    facade[name] = (...args: unknown[]) =>
      counted(run, async () => {
        if (name === 'fetch' && typeof args[0] === 'object' && args[0] !== null) args[0] = realResponses.get(args[0]) ?? args[0];
        const verb = name === 'fetch' ? methodOf(args[1]) : name.toUpperCase();
        const sent = requestRecord(contextHeaders, args[1]);
        const started = performance.now();
        try {
          const response = await method.apply(context, args);
          const durationMs = Math.round(performance.now() - started);
          note({ method: verb, url: response.url(), status: response.status(), durationMs, ...sent, ...(await responseRecord(response)) });
          return responseFacade(response, realmJson);
        } catch (error) {
          note({ method: verb, url: urlOf(args[0]), durationMs: Math.round(performance.now() - started), ...sent, error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) });
          throw error;
        }
      });
  }
  return facade;
}

/**
 * The run's `expect`: Playwright's own (frozen), handed a response's real object when given its
 * facade. `expect.extend` would add matchers for every run of the thread, so it runs on the full path.
 */
function runExpect(base: typeof playwright.expect): unknown {
  const unwrap = (value: unknown) => (typeof value === 'object' && value !== null ? (realResponses.get(value) ?? value) : value);
  const expect = Object.assign((actual: unknown, message?: unknown) => base(unwrap(actual), message as never), {
    soft: (actual: unknown, message?: unknown) => base.soft(unwrap(actual), message as never),
    poll: (actual: () => unknown, options?: unknown) => base.poll(actual, options as never),
    configure: (configuration: unknown) => runExpect(base.configure(configuration as never)),
    extend: () => {
      throw new Unsupported('expect.extend()');
    },
    not: base.not,
  });
  for (const name of ['any', 'anything', 'arrayContaining', 'closeTo', 'objectContaining', 'stringContaining', 'stringMatching', 'getState'] as const) {
    if (typeof base[name] === 'function') Object.assign(expect, { [name]: base[name] });
  }
  return expect;
}

/** The headers a request context adds to every call (`extraHTTPHeaders`), for the calls' record. */
function extraHeadersOf(options: unknown): unknown {
  try {
    return (options as { extraHTTPHeaders?: unknown } | undefined)?.extraHTTPHeaders;
  } catch {
    return undefined;
  }
}

function urlOf(target: unknown): string {
  if (typeof target === 'string') return target;
  const url = (target as { url?: unknown } | null)?.url;
  return typeof url === 'function' ? String((url as () => unknown).call(target)) : String(target);
}

function methodOf(options: unknown): string {
  const method = (options as { method?: unknown } | undefined)?.method;
  return typeof method === 'string' ? method.toUpperCase() : 'GET';
}

async function execute(request: RunRequest): Promise<RunOutcome> {
  // The run's own folder, as the full path gives it: HOME and TMPDIR, removed when the run ends.
  const home = mkdtempSync(join(tmpdir(), 'sightline-multistep-'));
  const files = runFs({ home, maxFds: MAX_OPEN_FILES, maxBytes: MAX_FILE_BYTES });
  const run: Run = {
    request,
    home,
    cancelled: false,
    contexts: [],
    testContexts: [],
    timers: new Set(),
    intervals: new Set(),
    immediates: new Set(),
    abort: new AbortController(),
    requestsInFlight: 0,
    stray: [],
    releaseFiles: files.release,
  };
  runs.set(request.runId, run);
  return running.run(run, () => executeRun(run, files));
}

/**
 * What a check's playwrightConfig gives every request context of its run, as Playwright's test
 * runner gives them (`runBeforeCreateRequestContext`: an option the script passes wins): the `use`
 * members that shape requests, and `actionTimeout` as the context's timeout.
 */
function contextDefaults(config: RunRequest['playwrightConfig']): Record<string, unknown> | null {
  const use = config?.use;
  if (!use) return null;
  const defaults: Record<string, unknown> = {};
  for (const key of ['baseURL', 'extraHTTPHeaders', 'httpCredentials', 'ignoreHTTPSErrors', 'userAgent'] as const) if (use[key] !== undefined) defaults[key] = use[key];
  if (use.actionTimeout !== undefined) defaults.timeout = use.actionTimeout;
  return Object.keys(defaults).length > 0 ? defaults : null;
}

/** The per-test timeout: the config's, never longer than the run's own limit (0, as in Playwright, is none). */
function testTimeoutMs(request: RunRequest): number {
  const configured = request.playwrightConfig?.timeout;
  return configured === undefined ? request.timeoutMs : Math.min(request.timeoutMs, configured);
}

async function executeRun(run: Run, files: ReturnType<typeof runFs>): Promise<RunOutcome> {
  const { request } = run;
  const home = run.home ?? tmpdir();
  let realmJson: JSON | null = null;
  const defaults = contextDefaults(request.playwrightConfig);
  const newContext = async (given?: unknown) => {
    if (run.contexts.length >= MAX_REQUEST_CONTEXTS) throw new Error(`this run already made ${MAX_REQUEST_CONTEXTS} request contexts, the most a warm run may make`);
    const options = defaults ? { ...defaults, ...((given ?? {}) as object) } : given;
    const context = await playwright.request.newContext(options as never);
    run.contexts.push(context);
    return { context, facade: contextFacade(run, context, realmJson ?? JSON, (call) => shim.noteRequest(call), extraHeadersOf(options)) };
  };
  const host: ShimHost = {
    defaultTimeoutMs: testTimeoutMs(request),
    baseURL: request.playwrightConfig?.use?.baseURL,
    now: () => performance.now(),
    toError: (error) => toError(run, error),
    newRequestContext: async (options) => (await newContext(options)).facade,
    requestFixture: () => {
      // Made when first used; every call waits for it, as Playwright's fixture would have.
      const made = newContext().then((made) => {
        run.testContexts.push(made.context);
        return made.facade;
      });
      made.catch(() => undefined);
      return new Proxy({} as Record<string, unknown>, {
        get: (_target, name) => {
          if (typeof name !== 'string' || name === 'then') return undefined;
          return async (...args: unknown[]) => {
            const facade = await made;
            const member = facade[name];
            if (typeof member !== 'function') throw new Unsupported(`request.${name}`);
            return (member as (...a: unknown[]) => unknown)(...args);
          };
        },
      });
    },
    endTest: async () => {
      const ending = run.testContexts.splice(0);
      await Promise.all(ending.map((context) => context.dispose().catch(() => undefined)));
    },
  };
  const shim = new TestShim(host);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: home, CI: '1', FORCE_COLOR: '0', ...request.env };
  const timers = trackedTimers(run);
  const scriptLog = request.apiScript ? new ScriptLog() : null;
  const output: Output = scriptLog ?? shim;
  const runProcess = fakeProcess(run, output, env);
  const runPerformance = { now: () => performance.now(), timeOrigin: performance.timeOrigin };
  const runCrypto = { randomUUID: () => globalThis.crypto.randomUUID(), getRandomValues: <T extends ArrayBufferView>(array: T) => globalThis.crypto.getRandomValues(array), subtle: globalThis.crypto.subtle };
  const runFetch = (input: unknown, init?: RequestInit) =>
    counted(run, () => fetch(input as never, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, run.abort.signal]) : run.abort.signal }));
  const globals: Record<string, unknown> = {
    console: fakeConsole(output),
    process: runProcess,
    ...timers,
    queueMicrotask,
    structuredClone,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    atob,
    btoa,
    performance: runPerformance,
    crypto: runCrypto,
    fetch: runFetch,
    Headers,
    Request,
    Response,
    FormData,
    Blob,
  };
  const context = vm.createContext(globals, { name: `run ${request.runId}` });
  const buffers = guardBuffers(context, request.memoryLimitMb * 1048576);
  globals.Buffer = buffers.Buffer;
  realmJson = vm.runInContext('JSON', context) as JSON;
  const ownOs = { ...os, tmpdir: () => home, homedir: () => home };
  const builtin = runBuiltins({
    Buffer: buffers.Buffer,
    checkBytes: buffers.check,
    bytesLeft: buffers.left,
    timers,
    // The raw-fs test hook (raw-fs-hook.ts) hands node's own fs, to test the server's bounds on what a runtime writes.
    fs: rawFsForTests() ? (nodeFs as unknown as Record<string, unknown>) : files.fs,
    fsPromises: files.promises,
    os: ownOs,
    process: runProcess,
    performance: runPerformance,
    crypto: runCrypto,
  });
  const scriptFiles = new Map(request.files.map((file) => [normalize(file.path), file]));
  const modules = new Map<string, { exports: unknown }>();
  const expectTimeout = request.playwrightConfig?.expect?.timeout;
  const baseExpect = expectTimeout === undefined ? playwright.expect : playwright.expect.configure({ timeout: expectTimeout });
  const pwModule = { test: shim.testApi(), expect: runExpect(baseExpect), request: { newContext: host.newRequestContext } };
  const load = (path: string): unknown => {
    const cached = modules.get(path);
    if (cached) return cached.exports;
    const file = scriptFiles.get(path);
    if (!file) throw new Error(`Cannot find module './${path}'`);
    const module = { exports: {} as unknown };
    modules.set(path, module);
    if (path.endsWith('.json')) {
      module.exports = (vm.runInContext('JSON', context) as JSON).parse(file.code);
      return module.exports;
    }
    const wrapper = vm.runInContext(`(function (exports, require, module, __filename, __dirname) {${file.code}\n})`, context, { filename: file.path }) as (...args: unknown[]) => void;
    wrapper(module.exports, requireFrom(dirname(path)), module, `/${path}`, `/${dirname(path)}`);
    return module.exports;
  };
  const requireFrom = (from: string) => (specifier: string) => {
    if (specifier === '@playwright/test') return pwModule;
    if (isBuiltin(specifier)) return builtin(specifier);
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      const base = normalize(join(from, specifier));
      for (const candidate of [...RESOLVE_SUFFIXES.map((s) => base + s), base.replace(/\.[cm]?js$/, '.ts')]) if (scriptFiles.has(candidate)) return load(candidate);
      throw new Error(`Cannot find module '${specifier}' from '${from || '.'}'`);
    }
    throw new Unsupported(`importing "${specifier}"`);
  };
  if (request.apiScript && scriptLog) return runApiScript(run, request.apiScript, scriptLog, context, globals, () => load(normalize(request.entry)));
  try {
    try {
      load(normalize(request.entry));
    } catch (error) {
      if (error instanceof Unsupported) throw error;
      return { kind: 'report', report: { suites: [], errors: [toError(run, error)], stats: { duration: 0 } } };
    }
    const report = await shim.run(request.entry);
    // What escaped every test (an unhandled rejection, a throwing callback) fails the run, as it would under Playwright.
    if (run.stray.length > 0) report.errors = [...(report.errors ?? []), ...run.stray];
    return { kind: 'report', report };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'unsupported', feature: error.feature };
    return { kind: 'report', report: { suites: [], errors: [toError(run, error)], stats: { duration: 0 } } };
  } finally {
    await finish(run);
  }
}

/** What an API check's script logs: console lines with their time and level, bounded in count and size. */
class ScriptLog {
  static readonly MAX_LINES = 200;
  static readonly MAX_CHARS = 64 * 1024;
  readonly lines: ApiScriptLog[] = [];
  private chars = 0;
  private cut = false;

  write(stream: 'stdout' | 'stderr', text: string): void {
    for (const line of text.replace(/\n$/, '').split('\n')) {
      if (this.lines.length >= ScriptLog.MAX_LINES || this.chars + line.length > ScriptLog.MAX_CHARS) {
        if (!this.cut) this.lines.push({ time: Date.now(), level: 'WARN', msg: `(the script logged more than ${ScriptLog.MAX_LINES} lines or ${ScriptLog.MAX_CHARS / 1024} KiB; the rest is not kept)` });
        this.cut = true;
        return;
      }
      this.chars += line.length;
      this.lines.push({ time: Date.now(), level: stream === 'stderr' ? 'ERROR' : 'INFO', msg: line });
    }
  }
}

const stringRecord = (value: unknown, what: string): Record<string, string> => {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`${what} must be an object of names to values`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (item !== undefined && item !== null) out[key] = String(item);
  return out;
};
const numberRecord = (value: unknown): Record<string, number | null> | null => {
  if (typeof value !== 'object' || value === null) return null;
  const out: Record<string, number | null> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = typeof item === 'number' && Number.isFinite(item) ? item : null;
  return out;
};
const bodyText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The request as the script left it, in the protocol's shape (a value of another type is the script's error). */
function requestFromScript(value: unknown): ApiScriptRequest {
  if (typeof value !== 'object' || value === null) throw new TypeError('the script replaced `request` with something that is not an object');
  const request = value as Record<string, unknown>;
  if (typeof request.url !== 'string') throw new TypeError('request.url must be a string');
  if (typeof request.method !== 'string') throw new TypeError('request.method must be a string');
  return { method: request.method.toUpperCase(), url: request.url, body: bodyText(request.body), headers: stringRecord(request.headers, 'request.headers'), queryParameters: stringRecord(request.queryParameters, 'request.queryParameters') };
}

function responseFromScript(value: unknown): ApiScriptResponse {
  if (typeof value !== 'object' || value === null) throw new TypeError('the script replaced `response` with something that is not an object');
  const response = value as Record<string, unknown>;
  const statusCode = Number(response.statusCode);
  if (!Number.isInteger(statusCode)) throw new TypeError('response.statusCode must be a whole number');
  return { statusCode, statusText: typeof response.statusText === 'string' ? response.statusText : '', body: bodyText(response.body), headers: stringRecord(response.headers, 'response.headers'), timings: numberRecord(response.timings), timingPhases: numberRecord(response.timingPhases) };
}

/**
 * An API check's setup or teardown script (runner/api-scripts.ts): its body, wrapped by the server in
 * one async function the entry registers, runs with `request` (and `response`) as globals of its own
 * realm; what it leaves in them goes back. Its own limit ends it (the runtime's hard limit stops a
 * script that blocks the thread).
 */
async function runApiScript(run: Run, job: NonNullable<RunRequest['apiScript']>, log: ScriptLog, context: vm.Context, globals: Record<string, unknown>, loadEntry: () => unknown): Promise<RunOutcome> {
  const realmJson = vm.runInContext('JSON', context) as JSON;
  context.request = realmJson.parse(JSON.stringify(job.request));
  context.response = job.response ? realmJson.parse(JSON.stringify(job.response)) : undefined;
  let body: (() => unknown) | null = null;
  globals.__sightlineApiScript = (fn: unknown) => {
    if (typeof fn === 'function') body = fn as () => unknown;
  };
  const settled = (error: unknown): RunOutcome => {
    let request = job.request;
    let response = job.response;
    let problem = error;
    if (problem === null) {
      try {
        request = requestFromScript(context.request);
        if (job.response) response = responseFromScript(context.response);
      } catch (shape) {
        problem = shape;
      }
    }
    if (problem === null && run.stray.length > 0) return { kind: 'api-script', request, response, logs: log.lines, error: run.stray[0] ?? null, timedOut: false };
    return { kind: 'api-script', request, response, logs: log.lines, error: problem === null ? null : toError(run, problem), timedOut: problem === overdue };
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const overdue = new Error(`the ${job.phase} script did not finish within its time limit of ${run.request.timeoutMs} ms`);
  try {
    loadEntry();
    const fn = body as (() => unknown) | null;
    if (!fn) throw new Error('the script did not load');
    const limit = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(overdue), run.request.timeoutMs);
    });
    await Promise.race([Promise.resolve().then(fn), limit]);
    return settled(null);
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'api-script', request: job.request, response: job.response, logs: log.lines, error: { message: `Error: ${job.phase} scripts cannot use ${error.feature}: they run on the warm runtime, with Node's built-in modules, fetch and the files sent with them` }, timedOut: false };
    return settled(error);
  } finally {
    if (timer) clearTimeout(timer);
    await finish(run);
  }
}

async function finish(run: Run): Promise<void> {
  if (!runs.delete(run.request.runId)) return;
  for (const handle of run.timers) clearTimeout(handle);
  for (const handle of run.intervals) clearInterval(handle);
  for (const handle of run.immediates) clearImmediate(handle);
  run.abort.abort();
  run.releaseFiles();
  await Promise.all([...run.testContexts, ...run.contexts].map((context) => context.dispose().catch(() => undefined)));
  if (run.home) rmSync(run.home, { recursive: true, force: true });
}

const heapUsedMb = () => Math.round(getHeapStatistics().used_heap_size / 1048576);

port.on('message', (raw: unknown) => {
  const message = ToThread.parse(raw);
  if (message.type === 'ping') return send({ type: 'pong' });
  if (message.type === 'cancel') {
    const run = runs.get(message.runId);
    if (run) {
      run.cancelled = true;
      void finish(run);
    }
    return;
  }
  void execute(message).then(
    (outcome) => send({ type: 'result', runId: message.runId, outcome, heapUsedMb: heapUsedMb() }),
    (error: unknown) => send({ type: 'result', runId: message.runId, outcome: { kind: 'stopped', reason: 'crashed', message: String(error) }, heapUsedMb: heapUsedMb() }),
  );
});

send({ type: 'ready' });
