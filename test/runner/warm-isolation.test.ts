import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedNodeModules } from '../../src-main/runner/multistep-workspace';
import { runMultiStep } from '../../src-main/runner/executors/multistep';
import { probeSandbox } from '../../src-main/runner/sandbox';
import type { ExecutionJob, ExecutionResult, ExecutorDeps } from '../../src-main/runner/types';
import { WarmRuntime } from '../../src-main/runner/warm/warm-runtime';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

/**
 * Issue 29: no warm run changes what another sees. The attacks are the hostile tester's probe scripts;
 * every run here is of one account on a runtime with ONE thread, so attacker and victim share
 * everything the warm runtime shares at all.
 */
describe('a warm run cannot reach another run', { timeout: 180_000 }, () => {
  let api: Server;
  let base = '';
  const stolen: string[] = [];
  let deps: ExecutorDeps = { now: () => new Date() };
  let warm: WarmRuntime | null = null;

  beforeAll(async () => {
    api = createServer((req, res) => {
      if (req.url?.startsWith('/steal')) stolen.push(decodeURIComponent(req.url));
      const reply = () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 42, path: req.url, method: req.method, auth: req.headers.authorization ?? null }));
      };
      if (req.url?.startsWith('/slow')) setTimeout(reply, 1500);
      else reply();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    deps = { now: () => new Date(), multiStepMemoryMb: 256 };
    deps.multiStepSandbox = await probeSandbox(deps, { nodeModules: installedNodeModules() });
    warm = new WarmRuntime({ sandbox: deps.multiStepSandbox, nodeModules: installedNodeModules(), memoryMb: 256, threads: 1 });
    deps.warmRuntime = warm;
  });
  afterAll(async () => {
    warm?.close();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  const run = (script: string, options: { secret?: string; timeoutMs?: number } = {}): Promise<ExecutionResult> => {
    const job: ExecutionJob = {
      checkId: 'c0ffee00-0000-4000-8000-0000000000bb',
      checkType: 'MULTI_STEP',
      runLocation: 'local',
      timeoutMs: options.timeoutMs ?? 8000,
      accountId: 'one-account',
      check: MultiStepRunInput.parse({
        script,
        dependencies: [],
        environmentVariables: [{ key: 'API_BASE', value: base }, ...(options.secret ? [{ key: 'TOKEN', value: options.secret, secret: true }] : [])],
      }),
    };
    return runMultiStep(job as Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, deps);
  };
  const log = (result: ExecutionResult) => (result.multiStepCheckResult?.jobLog ?? []).map((line) => line.text).join('');

  /** Every way in the probe found, each tried and reported; a refused one throws, a silent one is checked by the victim. */
  const ATTACK = `'use strict';
import { test, expect } from '@playwright/test';
import util from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
const tried: string[] = [];
const attempt = (name: string, fn: () => void) => { try { fn(); tried.push(name + '=done'); } catch { tried.push(name + '=refused'); } };
const steal = (what: string) => { void fetch(process.env.API_BASE + '/steal?' + encodeURIComponent(what)).catch(() => undefined); };
test('attack', async ({ request }) => {
  attempt('thread-globals', () => { const g = (console.log as any).constructor('return this')(); g.__pwned = 1; g.setTimeout(() => { throw new Error('BOOM-FROM-ATTACKER'); }, 300); });
  attempt('util.format', () => { (util as any).format = () => 'forged'; });
  attempt('util.inspect.defaultOptions', () => { (util.inspect as any).defaultOptions = { depth: 0 }; });
  attempt('buffer-prototype', () => { (Object.getPrototypeOf(Buffer.from('x')) as any).toString = () => 'forged'; });
  attempt('host-object-prototype', () => { (Object.getPrototypeOf(Object.getPrototypeOf(Buffer.from('x').buffer)) as any).polluted = 'yes'; });
  attempt('url-prototype', () => { (URL.prototype as any).toString = () => 'forged'; });
  attempt('timer-prototype', () => { (Object.getPrototypeOf(setTimeout(() => undefined, 1)) as any).refresh = () => undefined; });
  const got = await request.get(process.env.API_BASE + '/items/1');
  attempt('async-fn-ctor', () => { const g = (request.get as any).constructor('return this')(); g.__pwned = 1; });
  attempt('response-fn-ctor', () => { const g = (got.json as any).constructor('return this')(); g.__pwned = 1; });
  attempt('response-prototype', () => { (Object.getPrototypeOf(got) as any).status = () => 200; });
  attempt('request-prototype', () => { (Object.getPrototypeOf(request) as any).get = (url: string) => { steal(url); }; });
  attempt('promise-then', () => { (Object.getPrototypeOf(got.json()) as any).then = () => steal('then'); });
  try { expect(1).toBe(2); } catch (error: any) {
    attempt('expect-error-prototype', () => { Object.getPrototypeOf(error).matcherResult = { pass: true }; });
    attempt('expect-error-hasInstance', () => { Object.defineProperty(error.constructor, Symbol.hasInstance, { value: () => true }); });
    attempt('error-prepareStackTrace', () => { Object.getPrototypeOf(error.constructor).prepareStackTrace = () => 'EVIL'; });
    attempt('error-captureStackTrace', () => { Object.getPrototypeOf(error.constructor).captureStackTrace = (o: any) => steal(String(o?.message)); });
  }
  attempt('expect-any-prototype', () => { (Object.getPrototypeOf(expect.any(String)) as any).asymmetricMatch = () => true; });
  attempt('stats-prototype', () => { (Object.getPrototypeOf(fs.statSync(os.tmpdir())) as any).isDirectory = () => false; });
  attempt('params-iterator', () => { (Object.getPrototypeOf(new URLSearchParams('a=1').entries()) as any).next = () => ({ done: true }); });
  attempt('fs-outside-folder', () => { fs.writeFileSync(os.tmpdir() + '/../left-behind', 'x'); });
  attempt('fs-absolute', () => { fs.writeFileSync('/tmp/left-behind', 'x'); });
  attempt('fd-1', () => { fs.writeSync(1, 'x'.repeat(1000)); });
  attempt('fd-3', () => { fs.writeSync(3, 'garbage\\n'); });
  // Leftovers that fire after this run has ended: a rejection nobody handles and a throwing continuation.
  void request.get(process.env.API_BASE + '/slow').then(() => { throw new Error('BOOM-FROM-ATTACKER'); });
  void fetch(process.env.API_BASE + '/slow').then(() => { throw new Error('BOOM-FROM-ATTACKER'); });
  void (async () => { for (let i = 0; i < 200000; i++) await null; throw new Error('BOOM-FROM-ATTACKER'); })();
  console.log(tried.join(' '));
});`;

  const VICTIM = `import { test, expect } from '@playwright/test';
import util from 'node:util';
test('victim', async ({ request }) => {
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect((globalThis as any).__pwned).toBeUndefined();
  const got = await request.get(process.env.API_BASE + '/items/42', { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
  expect(got.status()).toBe(200);
  expect(await got.json()).toMatchObject({ id: 42, path: '/items/42' });
  expect(util.format('%s-%d', 'a', 1)).toBe('a-1');
  expect(util.inspect({ a: { b: { c: 1 } } })).toBe('{ a: { b: { c: 1 } } }');
  expect(Buffer.from('x').toString()).toBe('x');
  expect(new URL('http://h/p').toString()).toBe('http://h/p');
  expect(({} as any).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.getPrototypeOf(Buffer.from('x').buffer), 'polluted')).toBe(false);
  expect(() => expect('x').toEqual(expect.any(Number))).toThrow();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  console.log('victim done');
});`;

  it('the probe: nothing one run patches, reaches or leaves behind changes the next run of the thread', async () => {
    const attacked = await run(ATTACK);
    expect(attacked.multiStepCheckResult?.runtime).toBe('WARM');
    const tried = Object.fromEntries(
      log(attacked)
        .trim()
        .split(' ')
        .map((entry) => entry.split('=')),
    );
    // Each way into what runs share is refused outright. What is the run's own (its realm, its `util`) it
    // may change at will: util.format and util.inspect.defaultOptions are tried above, the victim checks them.
    expect(tried).toMatchObject({ 'util.format': 'done', 'util.inspect.defaultOptions': 'done' });
    for (const way of [
      'thread-globals',
      'async-fn-ctor',
      'response-fn-ctor',
      'buffer-prototype',
      'host-object-prototype',
      'url-prototype',
      'timer-prototype',
      'response-prototype',
      'request-prototype',
      'promise-then',
      'expect-error-prototype',
      'expect-error-hasInstance',
      'error-captureStackTrace',
      'expect-any-prototype',
      'stats-prototype',
      'params-iterator',
      'fs-outside-folder',
      'fs-absolute',
      'fd-1',
      'fd-3',
    ]) {
      expect({ way, outcome: tried[way] }).toEqual({ way, outcome: 'refused' });
    }
    // The victim runs on the same thread while the attacker's leftovers fire.
    const victim = await run(VICTIM, { secret: 'victim-secret-token' });
    expect(victim).toMatchObject({ hasFailures: false, hasErrors: false, error: null });
    expect(victim.multiStepCheckResult?.runtime).toBe('WARM');
    expect(log(victim)).toBe('victim done\n');
    expect(JSON.stringify(victim)).not.toContain('BOOM-FROM-ATTACKER');
    // A failing check still fails: nothing the attacker did forges a PASSED.
    const failing = await run(`import { test, expect } from '@playwright/test';
test('fails', async ({ request }) => { expect((await request.get(process.env.API_BASE + '/items/1')).status()).toBe(201); });`);
    expect(failing).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    expect(failing.multiStepCheckResult?.errors[0]?.location).toMatchObject({ line: 2 });
    expect(stolen).toEqual([]);
  });

  it('sends modules that hand out shared machinery (vm, module, events, http) and expect.extend to the full path', async () => {
    for (const [line, reason] of [
      [`import vm from 'node:vm'; void vm;`, 'the vm module'],
      [`import { createRequire } from 'node:module'; void createRequire;`, 'the module module'],
      [`import { EventEmitter } from 'node:events'; void EventEmitter;`, 'the events module'],
      [`import http from 'node:http'; void http;`, 'the http module'],
    ] as const) {
      const result = await run(`import { test } from '@playwright/test';\n${line}\ntest('t', async () => {});`, { timeoutMs: 20_000 });
      expect(result.multiStepCheckResult).toMatchObject({ runtime: 'FULL', fullPathReason: `the warm runtime does not support ${reason}` });
      expect(result.hasFailures).toBe(false);
    }
    const extended = await run(`import { test, expect } from '@playwright/test';
test('t', async () => { expect.extend({ toBeFortyTwo: (v: unknown) => ({ pass: v === 42, message: () => 'not 42' }) }); });`, { timeoutMs: 20_000 });
    expect(extended.multiStepCheckResult).toMatchObject({ runtime: 'FULL', fullPathReason: 'the warm runtime does not support expect.extend()' });
  });

  it('gives a run the built-ins API checks use, working, each its own', async () => {
    const result = await run(`import { test, expect } from '@playwright/test';
import crypto from 'node:crypto';
import { Buffer as B } from 'node:buffer';
import path from 'node:path';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import zlib from 'node:zlib';
import assert from 'node:assert';
import querystring from 'node:querystring';
import { setTimeout as sleep } from 'node:timers/promises';
import { StringDecoder } from 'node:string_decoder';
import url from 'node:url';
test('built-ins', async () => {
  const mac = crypto.createHmac('sha256', 'key').update('a').update('b').digest('hex');
  expect(mac).toBe('5c1c0c948cbef5ad7d191e46e5901fa0395f85f694fa4633f665a1a637017b65');
  expect(crypto.createHash('sha1').update('x').digest('hex')).toBe('11f6ad8ec52a2984abaafd7c3b516503785c2072');
  expect(crypto.randomUUID()).toMatch(/^[0-9a-f-]{36}$/);
  expect(B.from('aGk=', 'base64').toString()).toBe('hi');
  expect(B.from('x')).toBeInstanceOf(Buffer);
  expect(path.join('a', 'b')).toBe('a/b');
  fs.writeFileSync(path.join(os.tmpdir(), 'f.txt'), 'saved');
  expect(await readFile(path.join(os.homedir(), 'f.txt'), 'utf8')).toBe('saved');
  expect(zlib.gunzipSync(zlib.gzipSync('z')).toString()).toBe('z');
  assert.strictEqual(1, 1);
  expect(() => assert.strictEqual(1, 2)).toThrow();
  expect(querystring.stringify({ a: 'b c' })).toBe('a=b%20c');
  await sleep(5);
  expect(fs.statSync(os.tmpdir()).isDirectory()).toBe(true);
  expect(fs.readdirSync(os.tmpdir(), { withFileTypes: true }).map((d) => d.isFile())).toEqual([true]);
  expect(new URL('http://h/p?a=1&b=2').searchParams.get('b')).toBe('2');
  expect([...new URLSearchParams('a=1&b=2').keys()]).toEqual(['a', 'b']);
  expect([...new Headers({ x: '1' }).keys()]).toEqual(['x']);
  expect(new StringDecoder('utf8').write(Buffer.from('hé'))).toBe('hé');
  expect(url.parse('http://h:8/p?q=1').port).toBe('8');
  const key = await crypto.subtle.importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  expect((await crypto.subtle.sign('HMAC', key, new Uint8Array(1))).byteLength).toBe(32);
  expect(crypto.createPublicKey(crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey).type).toBe('public');
});`);
    expect(result).toMatchObject({ hasFailures: false, error: null });
    expect(result.multiStepCheckResult?.runtime).toBe('WARM');
  });

  it('holds each run to its own share: open files, bytes written, requests in flight, Buffer memory; its neighbours finish', async () => {
    const greedy = [
      `import fs from 'node:fs';\ntest('fds', async () => { for (let i = 0; i < 200; i++) fs.openSync('f' + i, 'w'); });`,
      `import fs from 'node:fs';\ntest('bytes', async () => { const chunk = 'x'.repeat(1048576); for (let i = 0; i < 100; i++) fs.appendFileSync('big', chunk); });`,
      `test('requests', async ({ request }) => { await Promise.all(Array.from({ length: 100 }, () => request.get(process.env.API_BASE + '/slow'))); });`,
      `import { Buffer as B } from 'node:buffer';\ntest('buffer module', async () => { console.log(B.alloc(1024 ** 3).length); });`,
      `import crypto from 'node:crypto';\ntest('random bytes', async () => { console.log(crypto.randomBytes(1024 ** 3).length); });`,
    ].map((body) => run(`import { test } from '@playwright/test';\n${body}`, { timeoutMs: 8000 }));
    const healthy = Array.from({ length: 4 }, () => run(VICTIM, { secret: 't' }));
    const [fds, bytes, requests, buffer, random] = await Promise.all(greedy);
    expect((await Promise.all(healthy)).map((r) => r.error?.message ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(fds?.error?.message).toMatch(/EMFILE: too many open files: a warm run may hold at most 64/);
    expect(bytes?.error?.message).toMatch(/ENOSPC: no space left: a warm run may write at most 64 MB/);
    expect(requests?.error?.message).toMatch(/100 requests|requests in flight/);
    for (const result of [buffer, random]) expect(result?.error?.message).toMatch(/memory limit of 256 MB/);
    for (const result of [fds, bytes, requests, buffer, random]) expect(result).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR' } });
  });
});
