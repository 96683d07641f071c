import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire, isBuiltin, SourceMap } from 'node:module';
import os, { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { format, inspect } from 'node:util';
import vm from 'node:vm';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
// Loaded once per thread (the bundle keeps it external): the cost the warm runtime exists to pay only once.
import * as playwright from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { PwError, PwRequest } from '../report-shape';
import { ToThread, type FromThread, type RunFile, type RunOutcome, type RunRequest } from './protocol';
import { guardBuffers } from './memory-guard';
import { TestShim, Unsupported, type ShimHost } from './test-shim';

/**
 * A worker thread of a warm runtime: @playwright/test is loaded once, then every run gets a fresh
 * V8 context (its own globals), its own process.env, timers, console and request contexts, and a
 * module loader that serves only its own files, @playwright/test and node's built-ins.
 */

// This file runs bundled as CommonJS inside the runtime: built-ins are required by name at run time.
const nodeRequire = createRequire(__filename);

const port = parentPort;
if (!port) throw new Error('runtime-thread runs as a worker thread');

const send = (message: FromThread) => port.postMessage(message);

class ScriptExit extends Error {
  constructor(code: unknown) {
    super(`process.exit(${code === undefined ? '' : String(code)}) was called: a multi-step script cannot end its process; throw an error or let the test fail instead`);
    this.name = 'ScriptExit';
  }
}

/** Modules that start processes or threads a run could leave behind: such scripts run on the full path, whose sandbox ends with the run. */
const PROCESS_MODULES = new Set(['child_process', 'worker_threads', 'cluster']);

const REQUEST_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;
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
}

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

function fakeProcess(run: Run, shim: TestShim, env: Record<string, string>): Record<string, unknown> {
  return {
    env,
    argv: ['node', run.request.entry],
    platform: process.platform,
    arch: process.arch,
    version: process.version,
    versions: process.versions,
    cwd: () => env.HOME ?? '/',
    pid: process.pid,
    ppid: process.ppid,
    getuid: process.getuid,
    getgid: process.getgid,
    exit: (code?: unknown) => {
      throw new ScriptExit(code);
    },
    nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
    hrtime: process.hrtime,
    uptime: process.uptime,
    memoryUsage: process.memoryUsage,
    emitWarning: (warning: unknown) => shim.write('stderr', `${String(warning)}\n`),
    stdout: { write: (chunk: unknown) => (shim.write('stdout', String(chunk)), true) },
    stderr: { write: (chunk: unknown) => (shim.write('stderr', String(chunk)), true) },
    on: () => undefined,
    once: () => undefined,
    off: () => undefined,
  };
}

function fakeConsole(shim: TestShim): Record<string, unknown> {
  const out = (...args: unknown[]) => shim.write('stdout', `${format(...args)}\n`);
  const err = (...args: unknown[]) => shim.write('stderr', `${format(...args)}\n`);
  return { log: out, info: out, debug: out, trace: err, warn: err, error: err, dir: (value: unknown) => shim.write('stdout', `${inspect(value)}\n`), table: out, group: out, groupEnd: () => undefined, time: () => undefined, timeEnd: () => undefined, assert: (ok: unknown, ...args: unknown[]) => (ok ? undefined : err('Assertion failed', ...args)) };
}

/** Timers the run can use, all cleared when it ends: nothing of one run fires during another. */
function trackedTimers(run: Run): Record<string, unknown> {
  return {
    setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle = setTimeout(() => {
        run.timers.delete(handle);
        fn(...args);
      }, ms);
      run.timers.add(handle);
      return handle;
    },
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => {
      run.timers.delete(handle);
      clearTimeout(handle);
    },
    setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle = setInterval(fn, ms, ...args);
      run.intervals.add(handle);
      return handle;
    },
    clearInterval: (handle: ReturnType<typeof setInterval>) => {
      run.intervals.delete(handle);
      clearInterval(handle);
    },
    setImmediate: (fn: (...a: unknown[]) => void, ...args: unknown[]) => {
      const handle = setImmediate(() => {
        run.immediates.delete(handle);
        fn(...args);
      });
      run.immediates.add(handle);
      return handle;
    },
    clearImmediate: (handle: ReturnType<typeof setImmediate>) => {
      run.immediates.delete(handle);
      clearImmediate(handle);
    },
  };
}

/**
 * A request context whose calls are listed with the test that made them (method, URL, status, time)
 * and whose JSON bodies are objects of the script's own realm (toStrictEqual compares prototypes).
 */
function scriptRealm(context: APIRequestContext, realmJson: JSON, note: (request: PwRequest) => void): APIRequestContext {
  const calls = new Set<string>(REQUEST_METHODS);
  // A view of the context: Playwright's own methods still call each other on the context itself, so each call is listed once.
  return new Proxy(context, {
    get(target, name) {
      const member = Reflect.get(target, name, target) as unknown;
      if (typeof member !== 'function') return member;
      if (typeof name !== 'string' || !calls.has(name)) return (member as (...a: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]) => {
        const verb = name === 'fetch' ? methodOf(args[1]) : name.toUpperCase();
        const started = performance.now();
        try {
          const response = (await (member as (...a: unknown[]) => Promise<APIResponse>).apply(target, args)) as APIResponse;
          const durationMs = Math.round(performance.now() - started);
          note({ method: verb, url: response.url(), status: response.status(), durationMs, ...(await sizeOf(response)) });
          Object.assign(response, { json: async () => realmJson.parse(await response.text()) as unknown });
          return response;
        } catch (error) {
          note({ method: verb, url: urlOf(args[0]), durationMs: Math.round(performance.now() - started), error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) });
          throw error;
        }
      };
    },
  });
}

/** The body's size as received; a body that can no longer be read (a disposed context) leaves it out. */
async function sizeOf(response: APIResponse): Promise<{ sizeBytes?: number }> {
  try {
    return { sizeBytes: (await response.body()).byteLength };
  } catch {
    return {};
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
  const run: Run = { request, home: null, cancelled: false, contexts: [], testContexts: [], timers: new Set(), intervals: new Set(), immediates: new Set() };
  runs.set(request.runId, run);
  let realmJson: JSON | null = null;
  const newContext = async (options?: unknown) => {
    const context = await playwright.request.newContext(options as never);
    run.contexts.push(context);
    return scriptRealm(context, realmJson ?? JSON, (call) => shim.noteRequest(call));
  };
  const host: ShimHost = {
    defaultTimeoutMs: request.timeoutMs,
    now: () => performance.now(),
    toError: (error) => toError(run, error),
    newRequestContext: newContext,
    requestFixture: () => {
      // Made when first used; every call waits for it, as Playwright's fixture would have.
      const made = newContext().then((context) => {
        run.testContexts.push(context);
        return context;
      });
      made.catch(() => undefined);
      return new Proxy({} as Record<string, unknown>, {
        get: (_target, name) => {
          if (typeof name !== 'string' || name === 'then') return undefined;
          return async (...args: unknown[]) => {
            const context = (await made) as unknown as Record<string, (...a: unknown[]) => unknown>;
            const member = context[name];
            if (typeof member !== 'function') throw new Unsupported(`request.${name}`);
            return member.apply(context, args);
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
  // The run's own folder, as the full path gives it: HOME and TMPDIR, removed when the run ends.
  const home = mkdtempSync(join(tmpdir(), 'sightline-multistep-'));
  run.home = home;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: home, CI: '1', FORCE_COLOR: '0', ...request.env };
  const ownOs = { ...os, tmpdir: () => home, homedir: () => home };
  const globals: Record<string, unknown> = {
    console: fakeConsole(shim),
    process: fakeProcess(run, shim, env),
    ...trackedTimers(run),
    queueMicrotask,
    structuredClone,
    Buffer,
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
    performance,
    crypto: globalThis.crypto,
    fetch,
    Headers,
    Request,
    Response,
    FormData,
    Blob,
  };
  const context = vm.createContext(globals, { name: `run ${request.runId}` });
  globals.Buffer = guardBuffers(context, request.memoryLimitMb * 1048576);
  realmJson = vm.runInContext('JSON', context) as JSON;
  const files = new Map(request.files.map((file) => [normalize(file.path), file]));
  const modules = new Map<string, { exports: unknown }>();
  const pwModule = { test: shim.testApi(), expect: playwright.expect, request: { newContext } };
  const load = (path: string): unknown => {
    const cached = modules.get(path);
    if (cached) return cached.exports;
    const file = files.get(path);
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
    if (specifier === 'process' || specifier === 'node:process') return globals.process;
    const bare = specifier.replace(/^node:/, '');
    if (PROCESS_MODULES.has(bare)) throw new Unsupported(`the ${bare} module`);
    if (bare === 'os') return ownOs;
    if (isBuiltin(specifier)) return nodeRequire(specifier) as unknown;
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      const base = normalize(join(from, specifier));
      for (const candidate of [...RESOLVE_SUFFIXES.map((s) => base + s), base.replace(/\.[cm]?js$/, '.ts')]) if (files.has(candidate)) return load(candidate);
      throw new Error(`Cannot find module '${specifier}' from '${from || '.'}'`);
    }
    throw new Unsupported(`importing "${specifier}"`);
  };
  try {
    try {
      load(normalize(request.entry));
    } catch (error) {
      if (error instanceof Unsupported) throw error;
      return { kind: 'report', report: { suites: [], errors: [toError(run, error)], stats: { duration: 0 } } };
    }
    const report = await shim.run(request.entry);
    return { kind: 'report', report };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'unsupported', feature: error.feature };
    return { kind: 'report', report: { suites: [], errors: [toError(run, error)], stats: { duration: 0 } } };
  } finally {
    await finish(run);
  }
}

async function finish(run: Run): Promise<void> {
  runs.delete(run.request.runId);
  for (const handle of run.timers) clearTimeout(handle);
  for (const handle of run.intervals) clearInterval(handle);
  for (const handle of run.immediates) clearImmediate(handle);
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
