import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { killLeftovers, startCli } from './helpers/cli';
import { icmpBody, makeApi, makeDataDir, startServer } from './helpers/server';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await makeDataDir();
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  killLeftovers();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('persistence across restarts (in-process boot)', () => {
  it('keeps checks, their members and their keys after close and boot on the same data dir', async () => {
    const dataDir = await freshDir();
    const first = await startServer({ dataDir });
    const created = await first.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Survives restart', tags: ['persist'], request: { hostname: 'localhost', pingCount: 7 } }));
    expect(created.status).toBe(201);
    const edited = await first.api('PUT', `/v1/checks/icmp/${created.body.id}`, { description: 'edited before restart' });
    expect(edited.status).toBe(200);
    const doomed = await first.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Deleted before restart' }));
    expect((await first.api('DELETE', `/v1/checks/${doomed.body.id}`)).status).toBe(204);
    const accountId = first.backend.accountId;
    await first.close();

    const second = await startServer({ dataDir });
    try {
      expect(second.backend.accountId).toBe(accountId);
      expect(second.backend.createdKey).toBeNull();
      const res = await second.api('GET', `/v1/checks/${created.body.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(edited.body);
      expect((await second.api('GET', `/v1/checks/${doomed.body.id}`)).status).toBe(404);
      const list = await second.api('GET', '/v1/checks');
      expect(list.body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
      expect(list.headers.get('content-range')).toBe('0-0/1');
    } finally {
      await second.close();
    }
  });

  it('a first boot without an api key creates one owner key that keeps working after a restart', async () => {
    const dataDir = await freshDir();
    const first = await startServer({ dataDir, apiKey: undefined, config: { apiKey: null } });
    const key = first.backend.createdKey;
    expect(key).toMatch(/^sl_/);
    const me = await makeApi(first.url, key)('GET', '/v1/accounts/me');
    expect(me.status).toBe(200);
    await first.close();

    const second = await startServer({ dataDir, config: { apiKey: null } });
    try {
      expect(second.backend.createdKey).toBeNull();
      const again = await makeApi(second.url, key)('GET', '/v1/accounts/me');
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(me.body.id);
    } finally {
      await second.close();
    }
  });
});

describe('sightline serve (CLI)', () => {
  it('prints a new owner key on first start, serves with it, and exits 0 on SIGTERM', async () => {
    const dataDir = await freshDir();
    const cli = await startCli(['--port', '0', '--data-dir', dataDir]);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.printedKey).toMatch(/^sl_/);

    const api = makeApi(cli.url, cli.printedKey);
    expect((await api('GET', '/v1/accounts/me')).status).toBe(200);
    const created = await api('POST', '/v1/checks/icmp', icmpBody({ name: 'Made over the CLI server' }));
    expect(created.status).toBe(201);
    expect((await makeApi(cli.url, 'sl_wrong')('GET', '/v1/accounts/me')).status).toBe(401);

    expect(await cli.stop('SIGTERM')).toBe(0);
    await expect(fetch(`${cli.url}/v1/checks`)).rejects.toThrow();

    const restarted = await startCli(['--port', '0', '--data-dir', dataDir]);
    expect(restarted.printedKey).toBeNull();
    expect(restarted.stdout.join('\n')).not.toMatch(/sl_/);
    const again = makeApi(restarted.url, cli.printedKey);
    const got = await again('GET', `/v1/checks/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('Made over the CLI server');
    expect(await restarted.stop('SIGINT')).toBe(0);
  });

  it('--api-key makes the given key valid, on a fresh dir and on an existing one', async () => {
    const dataDir = await freshDir();
    const given = 'sl_given_by_operator_123';
    const cli = await startCli(['--port', '0', '--data-dir', dataDir, '--api-key', given]);
    expect(cli.printedKey).toBeNull();
    const me = await makeApi(cli.url, given)('GET', '/v1/accounts/me');
    expect(me.status).toBe(200);
    expect(await cli.stop()).toBe(0);

    const second = 'sl_second_key_for_ci_456';
    const restarted = await startCli(['--port', '0', '--data-dir', dataDir, '--api-key', second]);
    expect(restarted.printedKey).toBeNull();
    const viaSecond = await makeApi(restarted.url, second)('GET', '/v1/accounts/me');
    expect(viaSecond.status).toBe(200);
    expect(viaSecond.body.id).toBe(me.body.id);
    expect((await makeApi(restarted.url, given)('GET', '/v1/accounts/me')).status).toBe(200);
    expect(await restarted.stop()).toBe(0);
  });
});
