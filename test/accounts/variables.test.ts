import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcCode } from '../helpers/trpc';
import { addMemberWithKey, type MemberWithKey } from './helpers';

describe('account environment variables (/v1/variables)', () => {
  let server: TestServer;
  let reader: MemberWithKey;
  let writer: MemberWithKey;

  beforeAll(async () => {
    server = await startServer();
    reader = await addMemberWithKey(server, 'READ_ONLY');
    writer = await addMemberWithKey(server, 'READ_WRITE');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates (201), reads, lists, updates and deletes (204) a variable', async () => {
    const created = await writer.api('POST', '/v1/variables', { key: 'BASE_URL', value: 'http://127.0.0.1:9' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ key: 'BASE_URL', value: 'http://127.0.0.1:9', locked: false, secret: false });

    expect((await reader.api('GET', '/v1/variables/BASE_URL')).body).toEqual(created.body);
    const list = await reader.api('GET', '/v1/variables');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);

    const updated = await writer.api('PUT', '/v1/variables/BASE_URL', { value: 'http://127.0.0.1:10', locked: true });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ key: 'BASE_URL', value: 'http://127.0.0.1:10', locked: true, secret: false });

    expect((await writer.api('DELETE', '/v1/variables/BASE_URL')).status).toBe(204);
    expect((await reader.api('GET', '/v1/variables/BASE_URL')).status).toBe(404);
    expect((await writer.api('DELETE', '/v1/variables/BASE_URL')).status).toBe(404);
    expect((await writer.api('PUT', '/v1/variables/BASE_URL', { value: 'x' })).status).toBe(404);
  });

  it('a key the account already has is a 409', async () => {
    expect((await server.api('POST', '/v1/variables', { key: 'DUPLICATE', value: 'one' })).status).toBe(201);
    const again = await server.api('POST', '/v1/variables', { key: 'DUPLICATE', value: 'two' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('DUPLICATE');
    expect((await server.api('GET', '/v1/variables/DUPLICATE')).body.value).toBe('one');
  });

  it('refuses bad keys and values with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ key: '1STARTS_WITH_DIGIT', value: 'v' }, 'key'],
      [{ key: 'HAS-DASH', value: 'v' }, 'key'],
      [{ key: '', value: 'v' }, 'key'],
      [{ key: 'K'.repeat(256), value: 'v' }, 'key'],
      [{ key: 'NO_VALUE' }, 'value'],
      [{ key: 'LONG_VALUE', value: 'v'.repeat(8193) }, 'value'],
      [{ key: 'BAD_FLAG', value: 'v', secret: 'yes' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await server.api('POST', '/v1/variables', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
    expect((await server.api('POST', '/v1/variables', { key: 'K'.repeat(255), value: 'v'.repeat(8192) })).status).toBe(201);
    expect((await server.api('POST', '/v1/variables', { key: '_under_score9', value: '' })).status).toBe(201);
    const renamed = await server.api('PUT', '/v1/variables/_under_score9', { key: 'OTHER', value: 'x' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toContain('key');
  });

  it('READ_ONLY keys may list and read; writes need READ_WRITE (403)', async () => {
    expect((await reader.api('POST', '/v1/variables', { key: 'BY_READER', value: 'v' })).status).toBe(403);
    await server.api('POST', '/v1/variables', { key: 'READ_ME', value: 'v' });
    expect((await reader.api('PUT', '/v1/variables/READ_ME', { value: 'w' })).status).toBe(403);
    expect((await reader.api('DELETE', '/v1/variables/READ_ME')).status).toBe(403);
    expect((await reader.api('GET', '/v1/variables/READ_ME')).body.value).toBe('v');
  });

  it('a secret is write-only: masked for every role, kept when the mask is sent back, never turned plain', async () => {
    const created = await writer.api('POST', '/v1/variables', { key: 'API_TOKEN', value: 'tok-4f1c-very-secret', secret: true });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ key: 'API_TOKEN', value: '*****', locked: false, secret: true });
    for (const api of [server.api, writer.api, reader.api]) {
      expect((await api('GET', '/v1/variables')).text).not.toContain('tok-4f1c');
      expect((await api('GET', '/v1/variables/API_TOKEN')).body.value).toBe('*****');
    }
    const plain = await writer.api('PUT', '/v1/variables/API_TOKEN', { value: 'now-plain' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toContain('secret');
    expect((await writer.api('PUT', '/v1/variables/API_TOKEN', { value: '*****', secret: true, locked: true })).body).toEqual({
      key: 'API_TOKEN',
      value: '*****',
      locked: true,
      secret: true,
    });
    const maskOnCreate = await writer.api('POST', '/v1/variables', { key: 'NEW_SECRET', value: '*****', secret: true });
    expect(maskOnCreate.status).toBe(400);
    expect(maskOnCreate.body.message).toContain('value');
  });

  it('tRPC manages the same variables: masked secrets, READ_ONLY may only read', async () => {
    const owner = trpcClient(server.url, server.key);
    const readOnly = trpcClient(server.url, reader.key);
    expect(await owner.variables.create.mutate({ key: 'VIA_TRPC', value: 'trpc-secret-77', secret: true })).toEqual({ key: 'VIA_TRPC', value: '*****', locked: false, secret: true });
    expect((await owner.variables.update.mutate({ key: 'VIA_TRPC', patch: { value: '*****', secret: true } })).value).toBe('*****');
    expect(await readOnly.variables.get.query({ key: 'VIA_TRPC' })).toEqual({ key: 'VIA_TRPC', value: '*****', locked: false, secret: true });
    expect(JSON.stringify(await readOnly.variables.list.query())).not.toContain('trpc-secret-77');
    expect(await trpcCode(readOnly.variables.create.mutate({ key: 'NOPE', value: 'v' }))).toBe('FORBIDDEN');
    expect(await trpcCode(owner.variables.create.mutate({ key: 'VIA_TRPC', value: 'v' }))).toBe('CONFLICT');
    expect(await owner.variables.delete.mutate({ key: 'VIA_TRPC' })).toEqual({ key: 'VIA_TRPC' });
    expect(await trpcCode(owner.variables.get.query({ key: 'VIA_TRPC' }))).toBe('NOT_FOUND');
  });

  it('pages when asked (limit/page, content-range), the whole list otherwise', async () => {
    const all = (await server.api('GET', '/v1/variables')).body as { key: string }[];
    expect(all.length).toBeGreaterThan(3);
    const second = await server.api('GET', '/v1/variables?limit=2&page=2');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(all.slice(2, 4));
    expect(second.headers.get('content-range')).toBe(`2-3/${all.length}`);
    expect((await server.api('GET', '/v1/variables?limit=0')).status).toBe(400);
  });
});

describe('multi-step runs receive the account variables (account < group < check)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let receiver: Server;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = await startServer();
    receiver = createServer((request, response) => {
      seen.push(request.headers);
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await server.stop();
  });

  it('the script sees account, group and check values, the most specific winning, and the secret in clear (scrubbed from its output)', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/probe`;
    for (const variable of [
      { key: 'ONLY_ACCOUNT', value: 'from-account' },
      { key: 'ACCOUNT_AND_GROUP', value: 'account-loses' },
      { key: 'EVERYWHERE', value: 'account-loses-too' },
      { key: 'ACCOUNT_SECRET', value: 'sealed-9d2e-secret', secret: true },
    ]) {
      expect((await server.api('POST', '/v1/variables', variable)).status).toBe(201);
    }
    const group = await server.api('POST', '/v2/check-groups', {
      name: 'Variables group',
      environmentVariables: [
        { key: 'ACCOUNT_AND_GROUP', value: 'from-group' },
        { key: 'EVERYWHERE', value: 'group-loses' },
      ],
    });
    expect(group.status, group.text).toBe(201);
    const script = `
import { test } from '@playwright/test';
test('reports its environment', async ({ request }) => {
  const headers: Record<string, string> = {};
  for (const name of ['ONLY_ACCOUNT', 'ACCOUNT_AND_GROUP', 'EVERYWHERE', 'ACCOUNT_SECRET']) headers['x-' + name.toLowerCase().replace(/_/g, '-')] = process.env[name] ?? 'unset';
  console.log('the account secret is', process.env.ACCOUNT_SECRET);
  await request.get('${url}', { headers });
});
`;
    const check = await server.api('POST', '/v1/checks/multistep', {
      name: 'Reports its environment',
      script,
      groupId: group.body.id,
      environmentVariables: [{ key: 'EVERYWHERE', value: 'from-check' }],
    });
    expect(check.status, check.text).toBe(201);
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.results.map((r: { hasFailures: boolean }) => r.hasFailures)).toContain(false);
    expect(seen.at(-1)).toMatchObject({
      'x-only-account': 'from-account',
      'x-account-and-group': 'from-group',
      'x-everywhere': 'from-check',
      'x-account-secret': 'sealed-9d2e-secret',
    });
    const resultId = done.body.results.find((r: { resultType: string }) => r.resultType === 'FINAL').checkResultId;
    const detail = await server.api('GET', `/v1/check-results/${check.body.id}/${resultId}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('the account secret is');
    expect(detail.text).not.toContain('sealed-9d2e-secret');
  });

  it('the data folder holds the account secret only sealed', async () => {
    const files = (await readdir(server.dataDir)).filter((name) => name.startsWith('sightline.db'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect((await readFile(join(server.dataDir, name))).includes('sealed-9d2e-secret'), name).toBe(false);
  });
});
