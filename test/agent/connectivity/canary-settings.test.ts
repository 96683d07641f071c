import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DB_FILE_NAME } from '../../../src-main/db/connection';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithKey } from '../../accounts/helpers';
import { makeDataDir, startServer, type TestServer } from '../../helpers/server';
import { trpcClient, trpcError } from '../../helpers/trpc';
import { netnsSkipReason } from '../../runner/netns';

/**
 * The embedded agent's canaries set in the console's Settings: they take effect at once, survive a
 * restart, must answer when named, and lose to the server's flags. A blackhole route makes the
 * one canary that never answers (no packet leaves the machine).
 */

const SILENT = '10.214.255.9';
const skip = netnsSkipReason('the canary settings test (a blackhole route)');

/** Boots without --canary/SIGHTLINE_CANARIES (the tests' environment sets SIGHTLINE_CANARIES=off). */
async function startWithoutFlags(dataDir: string): Promise<TestServer> {
  const saved = process.env.SIGHTLINE_CANARIES;
  delete process.env.SIGHTLINE_CANARIES;
  try {
    return await startServer({ dataDir, config: { canaries: undefined } });
  } finally {
    process.env.SIGHTLINE_CANARIES = saved;
  }
}

describe.skipIf(skip !== null)('the agent canaries in Settings', () => {
  let dataDir: string;
  let server: TestServer;

  beforeAll(async () => {
    execFileSync('ip', ['route', 'add', 'blackhole', `${SILENT}/32`]);
    // The automatic canaries would ping this machine's gateway: the first start stores loopback ones.
    dataDir = await makeDataDir();
    const first = await startServer({ dataDir });
    await first.close();
    const db = new Database(join(dataDir, DB_FILE_NAME));
    const account = db.prepare('SELECT id FROM accounts LIMIT 1').get() as { id: string };
    // SQL: setCanaries refuses while the tests' canary flag holds, and a start without it would ping the gateway first.
    db.prepare('INSERT INTO app_settings (account_id, key, value, updated_at) VALUES (?, ?, ?, ?)').run(account.id, 'agent-canaries', JSON.stringify({ mode: 'hosts', hosts: ['127.0.0.1'] }), Date.now());
    db.close();
    server = await startWithoutFlags(dataDir);
  });

  afterAll(async () => {
    await server?.stop();
    spawnSync('ip', ['route', 'del', 'blackhole', `${SILENT}/32`]);
  });

  it('shows the stored canaries, switches the running agent to new ones, and keeps them after a restart', async () => {
    const trpc = trpcClient(server.url, server.key);
    expect(await trpc.agent.canaries.query()).toEqual({ setting: { mode: 'hosts', hosts: ['127.0.0.1'] }, source: 'settings', editable: true, why: null, notUsed: [] });
    expect((await trpc.agent.health.query()).connectivity).toMatchObject({ status: 'online', canaries: ['127.0.0.1'] });

    const saved = await trpc.agent.setCanaries.mutate({ mode: 'hosts', hosts: ['127.0.0.2', '127.0.0.3'] });
    expect(saved.setting).toEqual({ mode: 'hosts', hosts: ['127.0.0.2', '127.0.0.3'] });
    expect((await trpc.agent.health.query()).connectivity).toMatchObject({ status: 'online', canaries: ['127.0.0.2', '127.0.0.3'] });

    await server.close();
    server = await startWithoutFlags(dataDir);
    const again = trpcClient(server.url, server.key);
    expect((await again.agent.canaries.query()).setting).toEqual({ mode: 'hosts', hosts: ['127.0.0.2', '127.0.0.3'] });
    expect((await again.agent.health.query()).connectivity).toMatchObject({ canaries: ['127.0.0.2', '127.0.0.3'] });

    await again.agent.setCanaries.mutate({ mode: 'off', hosts: [] });
    expect((await again.agent.health.query()).connectivity).toBeNull();
    await again.agent.setCanaries.mutate({ mode: 'hosts', hosts: ['127.0.0.1'] });
  });

  it('refuses canaries that do not answer now, bad hosts and an empty list, naming hosts, and keeps what was stored', async () => {
    const trpc = trpcClient(server.url, server.key);
    const before = await trpc.agent.canaries.query();
    const silent = await trpcError(trpc.agent.setCanaries.mutate({ mode: 'hosts', hosts: [SILENT] }));
    expect(silent.data?.httpStatus).toBe(400);
    expect(silent.message).toContain(`hosts: none of ${SILENT} answered`);
    const bad = await trpcError(trpc.agent.setCanaries.mutate({ mode: 'hosts', hosts: ['not a host!'] }));
    expect(bad.data?.httpStatus).toBe(400);
    expect(bad.message).toContain('hosts');
    const empty = await trpcError(trpc.agent.setCanaries.mutate({ mode: 'hosts', hosts: [] }));
    expect(empty.message).toContain('name at least one canary host');
    expect(await trpc.agent.canaries.query()).toEqual(before);
    expect((await trpc.agent.health.query()).connectivity).toMatchObject({ status: 'online', canaries: before.setting.hosts });
  });

  it('lets READ_ONLY keys read but not change them', async () => {
    const reader = await addMemberWithKey(server, 'READ_ONLY');
    const trpc = trpcClient(server.url, reader.key);
    expect((await trpc.agent.canaries.query()).setting.mode).toBe('hosts');
    expect((await trpcError(trpc.agent.setCanaries.mutate({ mode: 'off', hosts: [] }))).data?.httpStatus).toBe(403);
  });
});

describe('the agent canaries given as flags', () => {
  it('win over Settings: the console shows them and cannot change them (409 naming the flags)', async () => {
    const server = await startServer({ config: { canaries: ['127.0.0.1'] } });
    try {
      const trpc = trpcClient(server.url, server.key);
      const view = await trpc.agent.canaries.query();
      expect(view).toMatchObject({ setting: { mode: 'hosts', hosts: ['127.0.0.1'] }, source: 'flags', editable: false });
      expect(view.why).toContain('--canary');
      const refused = await trpcError(trpc.agent.setCanaries.mutate({ mode: 'off', hosts: [] }));
      expect(refused.data?.httpStatus).toBe(409);
      expect(refused.message).toContain('SIGHTLINE_CANARIES');
    } finally {
      await server.stop();
    }
  });
});
