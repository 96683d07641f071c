import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyFile } from '../../src-main/core/keyring';
import { ready, transaction } from '../../src-main/db/connection';
import { allSql } from '../../src-main/db/dialect';
import { insertAccountVariable } from '../../src-main/db/repositories/account-variables';
import type * as MembersRepo from '../../src-main/db/repositories/members';
import type * as VariablesRepo from '../../src-main/db/repositories/account-variables';
import type * as SettingsRepo from '../../src-main/db/repositories/settings';
import type * as SessionsRepo from '../../src-main/db/repositories/console-sessions';
import type * as AccountsRepo from '../../src-main/db/repositories/accounts';
import type * as MaintenanceRepo from '../../src-main/db/repositories/maintenance-state';
import { ConsoleSessions } from '../../src-main/services/auth/console-sessions';
import { ACCOUNT_VARIABLES_MAX } from '../../src-shared/schemas/account-variable';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { makeApi, makeDataDir, startServer, type ApiResponse, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

/**
 * A pause after the read that decides each write below, while its transaction is open: two servers
 * doing that write at once then both read before either writes, every time, unless the write's lock
 * makes the second one wait for the first one's commit before it reads (the point of the changes).
 * Off (0) outside the test that needs it.
 */
const { pause, paused } = vi.hoisted(() => {
  const pause = { ms: 0 };
  const paused = async <T>(result: T): Promise<T> => {
    if (pause.ms > 0) await new Promise((resolve) => setTimeout(resolve, pause.ms));
    return result;
  };
  return { pause, paused };
});

vi.mock('../../src-main/db/repositories/members', async (importOriginal) => {
  const actual = await importOriginal<typeof MembersRepo>();
  return {
    ...actual,
    findMemberByEmail: async (...args: Parameters<typeof actual.findMemberByEmail>) => paused(await actual.findMemberByEmail(...args)),
    countActiveOwners: async (...args: Parameters<typeof actual.countActiveOwners>) => paused(await actual.countActiveOwners(...args)),
  };
});
vi.mock('../../src-main/db/repositories/account-variables', async (importOriginal) => {
  const actual = await importOriginal<typeof VariablesRepo>();
  return { ...actual, countAccountVariables: async (...args: Parameters<typeof actual.countAccountVariables>) => paused(await actual.countAccountVariables(...args)) };
});
vi.mock('../../src-main/db/repositories/settings', async (importOriginal) => {
  const actual = await importOriginal<typeof SettingsRepo>();
  return { ...actual, readAppSetting: async (...args: Parameters<typeof actual.readAppSetting>) => paused(await actual.readAppSetting(...args)) };
});
vi.mock('../../src-main/db/repositories/console-sessions', async (importOriginal) => {
  const actual = await importOriginal<typeof SessionsRepo>();
  return { ...actual, countOpenConsoleSessions: async (...args: Parameters<typeof actual.countOpenConsoleSessions>) => paused(await actual.countOpenConsoleSessions(...args)) };
});
vi.mock('../../src-main/db/repositories/accounts', async (importOriginal) => {
  const actual = await importOriginal<typeof AccountsRepo>();
  return { ...actual, findFirstAccount: async (...args: Parameters<typeof actual.findFirstAccount>) => paused(await actual.findFirstAccount(...args)) };
});
vi.mock('../../src-main/db/repositories/maintenance-state', async (importOriginal) => {
  const actual = await importOriginal<typeof MaintenanceRepo>();
  return {
    ...actual,
    readMaintenanceState: async (...args: Parameters<typeof actual.readMaintenanceState>) => {
      const value = await actual.readMaintenanceState(...args);
      return args[1] === actual.MAINTENANCE_KEYS.secretKeyCheck ? paused(value) : value;
    },
  };
});

async function withPause<T>(ms: number, work: () => Promise<T>): Promise<T> {
  pause.ms = ms;
  try {
    return await work();
  } finally {
    pause.ms = 0;
  }
}

const statuses = (answers: ApiResponse[]) => answers.map((answer) => answer.status).sort();

/**
 * Issue 35, item 2 (the accounts, keys, sessions and settings rows of the race table, and the boot
 * rows): two servers on one PostgreSQL take the same write at the same moment. The second waits for
 * the first and gives the answer a single server gives (the usual 409 and its message, the limit
 * kept, both partial updates kept); servers starting together on an empty database make one account
 * and record one sealing key.
 */
describe('two servers writing one account on PostgreSQL', () => {
  let team: PgBackends;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    team = await startPgBackends('accounts', 2);
    [a, b] = team.servers as [TestServer, TestServer];
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  it('one e-mail added through both servers at once: one member, the other gets the usual 409', async () => {
    for (const [path, body] of [
      ['/v1/accounts/me/members', { name: 'Twin', email: 'twin@example.test', role: 'READ_ONLY' }],
      ['/v1/accounts/me/invites', { email: 'invited-twin@example.test', role: 'READ_ONLY' }],
    ] as const) {
      const answers = await withPause(150, () => Promise.all([a.api('POST', path, body), b.api('POST', path, body)]));
      expect(statuses(answers), answers.map((answer) => answer.text).join('\n')).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        message: `A member or invite with the e-mail ${body.email} already exists in this account`,
      });
      const listed = await a.api('GET', `/v1/accounts/me/members?search=${encodeURIComponent(body.email)}`);
      expect(listed.body.members).toHaveLength(1);
    }
  }, 30_000);

  it('one variable key created through both servers at once: one stored, the other gets the usual 409', async () => {
    const body = { key: 'RACED', value: 'one' };
    const answers = await withPause(150, () => Promise.all([a.api('POST', '/v1/variables', body), b.api('POST', '/v1/variables', { ...body, value: 'two' })]));
    expect(statuses(answers), answers.map((answer) => answer.text).join('\n')).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('An environment variable with key "RACED" already exists; change it with PUT /v1/variables/RACED');
    const stored = await a.api('GET', '/v1/variables/RACED');
    expect(stored.body.value).toBe(answers[0]?.status === 201 ? 'one' : 'two');
  }, 30_000);

  it('the last free variable taken through both servers at once: the maximum holds', async () => {
    const { accountId, deps } = a.backend;
    const listed = await a.api('GET', '/v1/variables');
    const now = new Date().toISOString();
    await transaction(deps.db, async (tx) => {
      for (let i = listed.body.length; i < ACCOUNT_VARIABLES_MAX - 1; i++) {
        await insertAccountVariable(tx, { accountId, key: `FILLER_${i}`, value: 'x', locked: false, secret: false, createdAt: now, updatedAt: now });
      }
    });
    const answers = await withPause(150, () => Promise.all([a.api('POST', '/v1/variables', { key: 'LAST_A', value: 'a' }), b.api('POST', '/v1/variables', { key: 'LAST_B', value: 'b' })]));
    expect(statuses(answers), answers.map((answer) => answer.text).join('\n')).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.message).toBe(`key: an account has at most ${ACCOUNT_VARIABLES_MAX} environment variables; remove one first`);
    expect((await a.api('GET', '/v1/variables')).body).toHaveLength(ACCOUNT_VARIABLES_MAX);
  }, 30_000);

  it('delivery settings changed in part through both servers at once: both changes are kept', async () => {
    const [trpcA, trpcB] = [trpcClient(a.url, a.key), trpcClient(b.url, b.key)];
    await withPause(150, () =>
      Promise.all([
        trpcA.alerts.setDeliverySettings.mutate({ smtp: { host: 'smtp.raced.test' } }),
        trpcB.alerts.setDeliverySettings.mutate({ rateLimit: { max: 7, windowMinutes: 5 } }),
      ]),
    );
    const settings = await trpcB.alerts.getDeliverySettings.query();
    expect(settings.smtp.host).toBe('smtp.raced.test');
    expect(settings.rateLimit).toEqual({ max: 7, windowMinutes: 5 });
  }, 30_000);

  it('console sign-ins on both servers at once: the cap on open sessions holds', async () => {
    const sessionsOf = (server: TestServer) => new ConsoleSessions(server.backend.deps, { maxSessions: 2 });
    const [onA, onB] = [sessionsOf(a), sessionsOf(b)];
    const first = await onA.create('key-hash');
    await withPause(150, () => Promise.all([onA.create('key-hash'), onB.create('key-hash')]));
    expect(await onA.size()).toBe(2);
    // The least recently used one made room.
    expect(await onB.use(first.sessionId)).toEqual({ ended: 'expired' });
  }, 30_000);

  // Last of the account's tests: the other tests' key may hold an ADMIN's role after it.
  it('the last two owners demoted through both servers at once: one stays OWNER, the other demotion is refused', async () => {
    const first = (await a.api('GET', '/v1/accounts/me/members?role=OWNER&type=member')).body.members[0];
    const added = await a.api('POST', '/v1/accounts/me/members', { name: 'Second owner', email: 'second-owner@example.test', role: 'OWNER' });
    expect(added.status, added.text).toBe(201);
    const secondKey = added.body.apiKey.apiKey as string;
    // Each owner demotes the other, each through its own server.
    const answers = await withPause(150, () =>
      Promise.all([
        makeApi(a.url, secondKey)('PATCH', `/v1/accounts/me/members/${first.userId}`, { role: 'ADMIN' }),
        b.api('PATCH', `/v1/accounts/me/members/${added.body.userId}`, { role: 'ADMIN' }),
      ]),
    );
    expect(statuses(answers), answers.map((answer) => answer.text).join('\n')).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.message).toMatch(/^Cannot demote (owner@sightline\.localhost|second-owner@example\.test): it is the account's last OWNER\. Add another OWNER first\.$/);
    const owners = await a.api('GET', '/v1/accounts/me/members?role=OWNER&type=member');
    expect(owners.body.members).toHaveLength(1);
  }, 30_000);

  describe('servers starting at the same moment on an empty database', () => {
    let keyDir: string;

    beforeAll(() => {
      keyDir = mkdtempSync('/tmp/sightline-accounts-boot-key-');
    });

    afterAll(() => {
      rmSync(keyDir, { recursive: true, force: true });
    });

    /** Starts one server per key file at once on a new database; each start's result, and the database's rows. */
    async function startTogether(name: string, keyFiles: string[], options: { apiKey?: null } = {}) {
      const databaseUrl = await team.cluster.createDatabase(name);
      // Not migrated first: the servers also migrate the new database at once (they take turns).
      const dataDirs = await Promise.all(keyFiles.map(() => makeDataDir()));
      const starts = await withPause(150, () =>
        Promise.allSettled(keyFiles.map((secretKeyFile, i) => startServer({ dataDir: dataDirs[i], config: { databaseUrl, secretKeyFile, ...options } }))),
      );
      const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      const count = async (server: TestServer, table: string) => {
        const [row] = await allSql<{ n: number }>(await ready(server.backend.deps.db), sql`select count(*)::int as n from ${sql.identifier(table)}`);
        return row?.n;
      };
      try {
        const [server] = started;
        const rows = server ? { accounts: await count(server, 'accounts'), members: await count(server, 'members'), keys: await count(server, 'api_keys') } : null;
        return { starts, rows };
      } finally {
        for (const server of started) await server.stop();
        await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
      }
    }

    it('two first starts make one account, one owner and one first key', async () => {
      const keyFile = join(keyDir, 'shared.key');
      createKeyFile(keyFile);
      const { starts, rows } = await startTogether('boot_together', [keyFile, keyFile], { apiKey: null });
      const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
      expect(new Set(started.map((server) => server.backend.accountId)).size).toBe(1);
      // The first key is shown by the server that made it, once.
      expect(started.filter((server) => server.backend.createdKey !== null)).toHaveLength(1);
      expect(rows).toEqual({ accounts: 1, members: 1, keys: 1 });
    }, 60_000);

    it('two first starts with different key files: one records its key, the other refuses to start', async () => {
      const keyFiles = [join(keyDir, 'one.key'), join(keyDir, 'two.key')];
      for (const file of keyFiles) createKeyFile(file);
      const { starts } = await startTogether('boot_two_keys', keyFiles);
      expect(starts.filter((start) => start.status === 'fulfilled')).toHaveLength(1);
      const refused = starts.flatMap((start) => (start.status === 'rejected' ? [start.reason as Error] : []));
      expect(refused).toHaveLength(1);
      expect(refused[0]?.name).toBe('SealingKeyRefused');
      expect(refused[0]?.message).toMatch(/^The secret key file \/tmp\/sightline-accounts-boot-key-\w+\/(one|two)\.key is not the key the secrets in this database were sealed with: /);
    }, 60_000);
  });
});
