import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringFromMaster } from '../../src-main/core/keyring';
import { resolveConfig } from '../../src-main/core/config';
import { openDb } from '../../src-main/db/connection';
import { findApiKeyByHash, findFirstAccount, findOwnerMember, insertApiKey } from '../../src-main/db/repositories/accounts';
import { addMemberWithKey } from '../accounts/helpers';
import { makeApi, makeDataDir, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';
import { rawRequest, type RawResponse } from './raw';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

function expectTooManyFailures(res: RawResponse, limit: number): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many failed authentications from this address: at most ${limit} per 60 s. Retry in ${retryAfter} s with a valid key.`,
    attributes: { limit, remaining: 0, retryAfterSeconds: retryAfter },
  });
}

describe('failed authentication is limited per client address', () => {
  let server: TestServer;
  const LIMIT = 20;

  beforeAll(async () => {
    // The default limit: 20 failures per minute per address.
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, authorization: string, localAddress: string) => rawRequest(server.url, { path, headers: { authorization }, localAddress });

  it('700 wrong keys: 20 × 401, then 429 with retry-after even for the right key; another address is not affected', async () => {
    const statuses = new Map<number, number>();
    let last: RawResponse | undefined;
    for (let i = 0; i < 700; i += 1) {
      last = await get('/v1/checks', `Bearer sl_guess_${i}_${randomUUID()}`, '127.0.0.1');
      statuses.set(last.status, (statuses.get(last.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: LIMIT, 429: 700 - LIMIT });
    expectTooManyFailures(last!, LIMIT);

    // The key is not even looked at: REST, tRPC and the agent API all refuse this address.
    expectTooManyFailures(await get('/v1/checks', `Bearer ${server.key}`, '127.0.0.1'), LIMIT);
    const trpc = await get('/trpc/checks.list?input=%7B%7D', `Bearer ${server.key}`, '127.0.0.1');
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectTooManyFailures(await rawRequest(server.url, { method: 'POST', path: '/v1/agent/heartbeat', headers: { authorization: 'Bearer pl_x', 'content-type': 'application/json' }, body: '{}', localAddress: '127.0.0.1' }), LIMIT);

    // 127.0.0.2 is another client address on the same loopback.
    expect((await get('/v1/checks', `Bearer ${server.key}`, '127.0.0.2')).status).toBe(200);
    expect((await get('/trpc/checks.list?input=%7B%7D', `Bearer ${server.key}`, '127.0.0.2')).status).toBe(200);
    expect((await get('/v1/checks', 'Bearer sl_wrong', '127.0.0.2')).status).toBe(401);
  });

  it('counts failed tRPC and agent authentications against the same address', async () => {
    const address = '127.0.0.3';
    for (let i = 0; i < 10; i += 1) {
      const res = await get('/trpc/checks.list?input=%7B%7D', `Bearer sl_wrong_${i}`, address);
      expect(res.status).toBe(401);
      expect(res.body.error.data.code).toBe('UNAUTHORIZED');
    }
    for (let i = 0; i < 10; i += 1) {
      const res = await rawRequest(server.url, { method: 'POST', path: '/v1/agent/heartbeat', headers: { authorization: `Bearer pl_wrong_${i}`, 'content-type': 'application/json' }, body: '{}', localAddress: address });
      expect(res.status).toBe(401);
    }
    expectTooManyFailures(await get('/v1/checks', `Bearer ${server.key}`, address), LIMIT);
  });

  it('counts neither successful requests nor 403s of a valid key', async () => {
    const address = '127.0.0.4';
    for (let i = 0; i < 30; i += 1) expect((await get('/v1/checks', `Bearer ${server.key}`, address)).status).toBe(200);
    for (let i = 0; i < 30; i += 1) {
      const res = await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}`, 'x-service-account': randomUUID() }, localAddress: address });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < LIMIT; i += 1) expect((await get('/v1/checks', 'Bearer sl_wrong', address)).status).toBe(401);
    expectTooManyFailures(await get('/v1/checks', 'Bearer sl_wrong', address), LIMIT);
  });
});

describe('one request budget per key over REST and tRPC', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 6 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('REST and tRPC calls spend the same budget; tRPC answers TOO_MANY_REQUESTS with retry-after', async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    const trpc = trpcClient(server.url, member.key);
    for (let i = 0; i < 3; i += 1) {
      expect((await member.api('GET', '/v1/checks')).status).toBe(200);
      await trpc.checks.list.query({});
    }
    const rest = await member.api('GET', '/v1/checks');
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', attributes: { limit: 6, remaining: 0 } });

    const error = await trpcError(trpc.checks.list.query({}));
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(error.message).toMatch(/^Rate limit exceeded: 6 requests per 60 s per API key\. Retry in \d+ s\.$/);
    const raw = await rawRequest(server.url, { path: '/trpc/checks.list?input=%7B%7D', headers: { authorization: `Bearer ${member.key}` } });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(raw.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another key has its own budget.
    expect((await trpcClient(server.url, server.key).checks.list.query({})).items).toEqual([]);
  });

  it('tRPC alone spends the budget REST then lacks; a batch of calls is one request', async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    const batch = await rawRequest(server.url, {
      path: `/trpc/checks.list,checks.list,checks.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }))}`,
      headers: { authorization: `Bearer ${member.key}` },
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(3);
    const trpc = trpcClient(server.url, member.key);
    for (let i = 0; i < 5; i += 1) await trpc.checks.list.query({});
    expect((await member.api('GET', '/v1/checks')).status).toBe(429);
    expect((await trpcError(trpc.checks.list.query({}))).data?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('API keys are stored as keyed hashes', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('stores HMAC-SHA256 under the data folder key: neither the plain sha256 nor another key file finds the key', async () => {
    const server = await startServer();
    dirs.push(server.dataDir);
    try {
      const member = await addMemberWithKey(server, 'READ_ONLY');
      const { db, keyring } = server.backend.deps;
      const otherKeyring = keyringFromMaster(randomBytes(32));
      for (const key of [server.key, member.key]) {
        expect(await findApiKeyByHash(db, keyring.mac(key))).toBeDefined();
        expect(await findApiKeyByHash(db, sha256(key))).toBeUndefined();
        expect(await findApiKeyByHash(db, otherKeyring.mac(key))).toBeUndefined();
      }
    } finally {
      await server.close();
    }
  });

  it('a key stored as plain sha256 before the change keeps working and is rewritten to the keyed hash on first use', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    await (await startServer({ dataDir })).close();

    // What an earlier version stored for a key: its plain sha256.
    const legacyKeys = [`sl_${randomBytes(30).toString('base64url')}`, `sl_${randomBytes(30).toString('base64url')}`];
    const ids = legacyKeys.map(() => randomUUID());
    const handle = openDb({ dataDir, migrationsDir: resolveConfig({ dataDir }).migrationsDir });
    try {
      const account = (await findFirstAccount(handle.db))!;
      const owner = (await findOwnerMember(handle.db, account.id))!;
      for (const [i, key] of legacyKeys.entries()) {
        await insertApiKey(handle.db, { id: ids[i], accountId: account.id, keyHash: sha256(key), label: `legacy ${i}`, role: 'OWNER', memberId: owner.id, createdAt: new Date().toISOString() });
      }
    } finally {
      handle.close();
    }

    const server = await startServer({ dataDir });
    try {
      const { db, keyring } = server.backend.deps;
      const rest = makeApi(server.url, legacyKeys[0]);
      expect((await rest('GET', '/v1/accounts/me')).status).toBe(200);
      expect(await findApiKeyByHash(db, sha256(legacyKeys[0]))).toBeUndefined();
      expect((await findApiKeyByHash(db, keyring.mac(legacyKeys[0])))?.id).toBe(ids[0]);
      expect((await rest('GET', '/v1/checks')).status).toBe(200);

      // First used through tRPC: the same.
      expect((await trpcClient(server.url, legacyKeys[1]).checks.list.query({})).items).toEqual([]);
      expect((await findApiKeyByHash(db, keyring.mac(legacyKeys[1])))?.id).toBe(ids[1]);
      expect(await findApiKeyByHash(db, sha256(legacyKeys[1]))).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('an --api-key stored as plain sha256 before the change gets the keyed hash at start, in the same row', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const given = `sl_given_${randomBytes(12).toString('hex')}`;
    await (await startServer({ dataDir })).close();
    const id = randomUUID();
    const handle = openDb({ dataDir, migrationsDir: resolveConfig({ dataDir }).migrationsDir });
    try {
      const account = (await findFirstAccount(handle.db))!;
      const owner = (await findOwnerMember(handle.db, account.id))!;
      await insertApiKey(handle.db, { id, accountId: account.id, keyHash: sha256(given), label: 'Owner key (--api-key)', role: 'OWNER', memberId: owner.id, createdAt: new Date().toISOString() });
    } finally {
      handle.close();
    }
    const server = await startServer({ dataDir, apiKey: given });
    try {
      expect((await findApiKeyByHash(server.backend.deps.db, server.backend.deps.keyring.mac(given)))?.id).toBe(id);
      expect(await findApiKeyByHash(server.backend.deps.db, sha256(given))).toBeUndefined();
      expect((await server.api('GET', '/v1/accounts/me')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('the desktop launch token still authenticates REST and tRPC', async () => {
    const server = await startServer({ issueLaunchToken: true });
    dirs.push(server.dataDir);
    try {
      const token = server.backend.launchToken!;
      expect(token).toMatch(/^sl_/);
      expect((await makeApi(server.url, token)('GET', '/v1/accounts/me')).body.id).toBe(server.backend.accountId);
      expect((await trpcClient(server.url, token).checks.list.query({})).items).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
