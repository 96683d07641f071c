import assert from 'node:assert';
import { constants as bufferConstants, kMaxLength } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import querystring from 'node:querystring';
import { StringDecoder } from 'node:string_decoder';
import url from 'node:url';
import util from 'node:util';
import zlib from 'node:zlib';
import os from 'node:os';
import { hardened } from './lockdown';
import { Unsupported } from './test-shim';

/**
 * Node's built-in modules as a warm run sees them (docs/DECISIONS.md, "Issue 29: what isolates a warm
 * run"). A run may not change anything another run sees, so a module is handed either hardened (frozen
 * with everything reachable from it: path, url, querystring, assert, string_decoder, os's functions) or
 * as an object of the run's own whose members are hardened functions and whose results are the run's
 * own (util, crypto's hashes and ciphers, zlib's one-shot functions, buffer, timers, fs). Modules that
 * hand out shared mutable machinery (events, streams, net, http, vm, module, child_process, …) are
 * not offered: a script that needs one runs on the full `playwright test` path, in a process of its own.
 */

/** What a run's built-ins are made from: its own Buffer (with its memory guard), timers, fs, os and process. */
export interface RunBuiltinsScope {
  Buffer: typeof Buffer;
  /** Refuses an allocation of this many bytes that would take the run past its memory limit. */
  checkBytes(bytes: number): void;
  /** The run's memory left for one allocation (zlib's output bound). */
  bytesLeft(): number;
  timers: {
    setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
    clearTimeout: (handle: unknown) => void;
    setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
    clearInterval: (handle: unknown) => void;
    setImmediate: (fn: (...a: unknown[]) => void, ...args: unknown[]) => unknown;
    clearImmediate: (handle: unknown) => void;
  };
  fs: Record<string, unknown>;
  fsPromises: Record<string, unknown>;
  os: Record<string, unknown>;
  process: Record<string, unknown>;
  performance: Record<string, unknown>;
  crypto: Record<string, unknown>;
}

/** Hardened once per thread, after lockdown (harden needs it). */
let shared: { path: unknown; url: unknown; querystring: unknown; assert: unknown; stringDecoder: unknown } | null = null;

/** Freezes the shared modules and the classes their results lead to; called once by the thread after lockdown. */
export function hardenBuiltins(): void {
  if (shared) return;
  const keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  for (const sample of [crypto.createSecretKey(Buffer.alloc(16)), keys.publicKey, keys.privateKey]) hardened(Object.getPrototypeOf(sample) as object);
  hardened(crypto.KeyObject);
  // What fs hands a run (its calls are run-fs.ts's): Stats, BigIntStats and Dirent.
  const folder = os.tmpdir();
  for (const sample of [fs.statSync(folder), fs.statSync(folder, { bigint: true })]) hardened(Object.getPrototypeOf(sample) as object);
  hardened(fs.Dirent);
  hardened(crypto.constants);
  hardened(zlib.constants);
  hardened(util.types);
  hardened(bufferConstants);
  hardened(os.constants);
  for (const fn of Object.values(os)) if (typeof fn === 'function') hardened(fn);
  shared = {
    path: hardened(path),
    url: hardened(url),
    querystring: hardened(querystring),
    assert: hardened(assert),
    stringDecoder: hardened({ StringDecoder }),
  };
}

function pick(source: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined) out[name] = typeof value === 'function' ? hardened(value) : value;
  }
  return out;
}

/** A hash, HMAC, signer or cipher of the run's own: node's object stays out of reach (its prototype chain is shared). */
function facade(inner: Record<string, unknown>, methods: string[], chain: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of methods) {
    const method = inner[name];
    if (typeof method !== 'function') continue;
    out[name] = (...args: unknown[]) => {
      const result = (method as (...a: unknown[]) => unknown).apply(inner, args);
      if (chain.includes(name)) return out;
      if (name === 'copy') return facade(result as Record<string, unknown>, methods, chain);
      return result;
    };
  }
  return out;
}

const HASH = (inner: unknown) => facade(inner as Record<string, unknown>, ['update', 'digest', 'copy'], ['update']);
const SIGNER = (inner: unknown) => facade(inner as Record<string, unknown>, ['update', 'sign', 'verify'], ['update']);
const CIPHER = (inner: unknown) => facade(inner as Record<string, unknown>, ['update', 'final', 'setAutoPadding', 'setAAD', 'getAuthTag', 'setAuthTag'], ['setAutoPadding', 'setAAD', 'setAuthTag']);

function runCrypto(scope: RunBuiltinsScope): Record<string, unknown> {
  const c = crypto as unknown as Record<string, (...a: unknown[]) => unknown>;
  const sized = (bytes: unknown) => {
    if (typeof bytes === 'number') scope.checkBytes(bytes);
  };
  return {
    ...pick(crypto as unknown as Record<string, unknown>, [
      'randomUUID',
      'randomInt',
      'randomFillSync',
      'getRandomValues',
      'timingSafeEqual',
      'pbkdf2',
      'pbkdf2Sync',
      'scryptSync',
      'hkdfSync',
      'createPublicKey',
      'createPrivateKey',
      'createSecretKey',
      'generateKeyPairSync',
      'sign',
      'verify',
      'publicEncrypt',
      'privateDecrypt',
      'privateEncrypt',
      'publicDecrypt',
      'getHashes',
      'getCiphers',
      'getCurves',
      'hash',
      'KeyObject',
    ]),
    constants: crypto.constants,
    webcrypto: scope.crypto,
    subtle: (scope.crypto as { subtle?: unknown }).subtle,
    randomBytes: (size: unknown, callback?: unknown) => {
      sized(size);
      return c.randomBytes!(size, callback);
    },
    createHash: (...args: unknown[]) => HASH(c.createHash!(...args)),
    createHmac: (...args: unknown[]) => HASH(c.createHmac!(...args)),
    createSign: (...args: unknown[]) => SIGNER(c.createSign!(...args)),
    createVerify: (...args: unknown[]) => SIGNER(c.createVerify!(...args)),
    createCipheriv: (...args: unknown[]) => CIPHER(c.createCipheriv!(...args)),
    createDecipheriv: (...args: unknown[]) => CIPHER(c.createDecipheriv!(...args)),
  };
}

function runUtil(scope: RunBuiltinsScope): Record<string, unknown> {
  const inspect = (value: unknown, options?: unknown) => util.inspect(value, options as util.InspectOptions);
  inspect.custom = util.inspect.custom;
  const warn = scope.process.emitWarning as (warning: string) => void;
  // node's deprecate() prints to the runtime's own stderr; the run's warns on its own.
  const deprecate = (fn: (...a: unknown[]) => unknown, message: string) => {
    let warned = false;
    return function deprecated(this: unknown, ...args: unknown[]) {
      if (!warned) warn(`DeprecationWarning: ${String(message).slice(0, 1000)}`);
      warned = true;
      return fn.apply(this, args);
    };
  };
  return {
    ...pick(util as unknown as Record<string, unknown>, ['format', 'formatWithOptions', 'promisify', 'callbackify', 'isDeepStrictEqual', 'inherits', 'stripVTControlCharacters', 'parseArgs', 'styleText', 'toUSVString', 'TextEncoder', 'TextDecoder']),
    types: util.types,
    inspect,
    deprecate,
  };
}

const ONE_SHOT_ZLIB = ['gzipSync', 'gunzipSync', 'deflateSync', 'inflateSync', 'deflateRawSync', 'inflateRawSync', 'unzipSync', 'brotliCompressSync', 'brotliDecompressSync'];

function runZlib(scope: RunBuiltinsScope): Record<string, unknown> {
  const out: Record<string, unknown> = { constants: zlib.constants };
  const z = zlib as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ONE_SHOT_ZLIB) {
    out[name] = (data: unknown, options?: Record<string, unknown>) => z[name]!(data, { ...options, maxOutputLength: Math.max(1, Math.min(scope.bytesLeft(), Number(options?.maxOutputLength) || Infinity)) });
  }
  return out;
}

function runTimersPromises(scope: RunBuiltinsScope): Record<string, unknown> {
  const wait = (ms?: number, value?: unknown) => new Promise((resolve) => scope.timers.setTimeout(() => resolve(value), ms));
  return {
    setTimeout: wait,
    setImmediate: (value?: unknown) => new Promise((resolve) => scope.timers.setImmediate(() => resolve(value))),
    scheduler: { wait: (ms: number) => wait(ms), yield: () => new Promise((resolve) => scope.timers.setImmediate(() => resolve(undefined))) },
  };
}

/** The built-in modules a run may require, by name without `node:`; each made for the run when first required. */
const BUILTINS: Record<string, (scope: RunBuiltinsScope) => unknown> = {
  path: () => shared!.path,
  'path/posix': () => path.posix,
  url: () => shared!.url,
  querystring: () => shared!.querystring,
  assert: () => shared!.assert,
  'assert/strict': () => assert.strict,
  string_decoder: () => shared!.stringDecoder,
  util: (scope) => runUtil(scope),
  crypto: (scope) => runCrypto(scope),
  zlib: (scope) => runZlib(scope),
  buffer: (scope) => ({ Buffer: scope.Buffer, constants: bufferConstants, kMaxLength, atob, btoa, Blob, File }),
  timers: (scope) => ({ ...scope.timers }),
  'timers/promises': (scope) => runTimersPromises(scope),
  fs: (scope) => scope.fs,
  'fs/promises': (scope) => scope.fsPromises,
  os: (scope) => scope.os,
  process: (scope) => scope.process,
  perf_hooks: (scope) => ({ performance: scope.performance }),
};

/** `require()` of a built-in for a run: its own module, the same one for every require of the run; one not offered sends the run to the full path. */
export function runBuiltins(scope: RunBuiltinsScope): (name: string) => unknown {
  const made = new Map<string, unknown>();
  return (specifier: string) => {
    const name = specifier.replace(/^node:/, '');
    if (made.has(name)) return made.get(name);
    const make = BUILTINS[name];
    if (!make) throw new Unsupported(`the ${name} module`);
    const module = make(scope);
    made.set(name, module);
    return module;
  };
}
