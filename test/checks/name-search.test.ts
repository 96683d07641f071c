import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { icmpBody, makeDataDir, startServer, type TestServer } from '../helpers/server';

const MIGRATIONS = join(PROJECT_ROOT, 'src-main', 'db', 'migrations');

async function names(server: TestServer, search: string): Promise<string[]> {
  const res = await server.api('GET', `/v1/checks?search=${encodeURIComponent(search)}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { name: string }[]).map((c) => c.name).sort();
}

async function createCheck(server: TestServer, name: string): Promise<string> {
  const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name }));
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

/** The committed migrations up to `lastTag`: a database as an older Sightline left it. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-migrations-'));
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  for (const entry of journal.entries.slice(last + 1)) await rm(join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe('name search follows renames', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds a check by its new name only, in any case and script', async () => {
    const id = await createCheck(server, 'Alpha probe');
    expect(await names(server, 'ALPHA')).toEqual(['Alpha probe']);

    const renamed = await server.api('PUT', `/v1/checks/icmp/${id}`, { name: 'Zürich Beta' });
    expect(renamed.status, renamed.text).toBe(200);

    expect(await names(server, 'alpha')).toEqual([]);
    expect(await names(server, 'ZÜRICH B')).toEqual(['Zürich Beta']);
    expect(await names(server, 'rich be')).toEqual(['Zürich Beta']);
  });
});

describe('checks stored before the folded name existed', () => {
  let oldMigrations: string;
  let dataDir: string;
  beforeAll(async () => {
    oldMigrations = await migrationsUpTo('0009_public_status_pages');
    dataDir = await makeDataDir();
  });
  afterAll(async () => {
    await rm(oldMigrations, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are found by search after the upgrade, accented capitals included', async () => {
    // This code cannot create checks in the old schema (nor start on it), so the database an older
    // Sightline left is built with its migrations and the rows are written as it wrote them.
    const sqlite = new Database(join(dataDir, DB_FILE_NAME));
    migrate(drizzle(sqlite), { migrationsFolder: oldMigrations });
    const accountId = randomUUID();
    sqlite.prepare("insert into accounts (id, name, created_at) values (?, 'Old', ?)").run(accountId, new Date().toISOString());
    const insert = sqlite.prepare("insert into checks (id, account_id, check_type, name, activated, muted, tags, body, created_at) values (?, ?, 'ICMP', ?, 1, 0, '[]', ?, ?)");
    for (const name of ['ÖSTERREICH edge', 'Loopback']) {
      insert.run(randomUUID(), accountId, name, JSON.stringify({ frequency: 10, locations: [], request: { hostname: '127.0.0.1' } }), new Date().toISOString());
    }
    sqlite.close();

    const after = await startServer({ dataDir });
    try {
      expect(await names(after, 'österreich')).toEqual(['ÖSTERREICH edge']);
      expect(await names(after, 'LOOP')).toEqual(['Loopback']);
      expect(await names(after, 'C')).toEqual(['Loopback', 'ÖSTERREICH edge'].sort());
    } finally {
      await after.close();
    }
  });
});
