import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { KEY_FILE_NAME } from '../../src-main/core/keyring';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { addMemberWithKey } from '../accounts/helpers';
import { runToCompletion } from '../alerts/harness';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startServer, type TestServer } from '../helpers/server';
import { closedPort, startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { trpcClient } from '../helpers/trpc';

/**
 * Issue 35 item 7: `sightline db copy` moves a single server's data into an empty PostgreSQL. The
 * source is written by a real server through its API (and real runs against 127.0.0.1), the copy is
 * the real CLI in a child process, and both databases are then read back row by row.
 */

const SECRET = 'Bearer db-copy-S3cr3t-9f8e7d';
const ROLLUP_ROWS = 12_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function dbCopy(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIGHTLINE_')));
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'db', 'copy', ...args], { cwd: PROJECT_ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

type Kind = 'integer' | 'bigint' | 'boolean' | 'jsonb' | 'bytea' | 'text';

/** Sorted keys, so jsonb (which does not keep key order) and the stored text compare by value. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, canonical(item)]));
  return value;
}

function normalise(kind: Kind, value: unknown): unknown {
  if (value === null) return null;
  switch (kind) {
    case 'integer':
    case 'bigint':
      return String(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 1n;
    case 'jsonb':
      return JSON.stringify(canonical(typeof value === 'string' ? JSON.parse(value) : value));
    case 'bytea':
      return (value as Buffer).toString('hex');
    case 'text':
      return value;
  }
}

describe('sightline db copy --from DIR --to postgres://…', { timeout: 120_000 }, () => {
  let cluster: PgCluster;
  let root = '';
  let server: TestServer;
  let target: HttpReceiver;
  let dataDir = '';
  let copied = '';
  let copy: Run;
  let deletedGroupId = 0;
  let channelId = 0;
  let client: pg.Client;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sightline-db-copy-'));
    [cluster, target] = await Promise.all([startPgCluster(), startHttpReceiver()]);
    dataDir = join(root, 'single');
    server = await startServer({ dataDir });
    const api = server.api;
    const created = async (path: string, body: unknown) => {
      const response = await api('POST', path, body);
      expect(response.status, `${path}: ${response.text}`).toBe(201);
      return response.body;
    };
    const group = await created('/v1/check-groups', { name: 'Edge', locations: [] });
    deletedGroupId = (await created('/v1/check-groups', { name: 'Short-lived', locations: [] })).id;
    expect((await api('DELETE', `/v1/check-groups/${deletedGroupId}`)).status).toBe(204);
    channelId = (await created('/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'On call', url: `${target.url}/hook`, headers: [{ key: 'Authorization', value: SECRET }] } })).id;
    const subscribed = { alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] };
    const port = Number(new URL(target.url).port);
    const checks = [
      (await created('/v1/checks/api?autoAssignAlerts=false', { name: 'Orders API', groupId: group.id, doubleCheck: false, ...subscribed, request: { method: 'GET', url: `${target.url}/orders` } })).id,
      (await created('/v1/checks/url?autoAssignAlerts=false', { name: 'Home page', tags: ['web'], ...subscribed, request: { url: `${target.url}/` } })).id,
      (await created('/v1/checks/tcp?autoAssignAlerts=false', { name: 'Port', ...subscribed, request: { hostname: '127.0.0.1', port } })).id,
      (await created('/v1/checks/icmp?autoAssignAlerts=false', { name: 'Loopback', ...subscribed, request: { hostname: '127.0.0.1', pingCount: 2 } })).id,
      // Down: its failing run alerts the channel (check_alerts, the notification outbox).
      (await created('/v1/checks/tcp?autoAssignAlerts=false', { name: 'Closed port', ...subscribed, request: { hostname: '127.0.0.1', port: await closedPort() } })).id,
    ];
    for (const id of checks) await runToCompletion(api, id);
    // Alerting judges a finished run just after it: the closed port's alert is in the outbox before the server stops.
    await vi.waitFor(async () => expect(((await api('GET', '/v1/alert-notifications')).body as unknown[]).length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    await runToCompletion(api, checks[0]);
    const service = await created('/v1/status-pages/services', { name: 'Orders' });
    await created('/v1/status-pages', { name: 'Shop status', url: 'shop', cards: [{ name: 'Core', services: [{ id: service.id }] }] });
    await created('/v1/maintenance-windows', { name: 'Backup', tags: ['web'], startsAt: '2030-02-01T03:00:00.000Z', endsAt: '2030-02-01T04:00:00.000Z' });
    await addMemberWithKey(server, 'READ_ONLY');
    await created('/v1/variables', { key: 'TOKEN', value: 'variable-S3cr3t', secret: true });
    await trpcClient(server.url, server.key).alerts.setDeliverySettings.mutate({ smtp: { host: '127.0.0.1', port: 2525, secure: false, from: 'Sightline <ops@acme.test>' }, publicBaseUrl: server.url });
    const signIn = await fetch(`${server.url}/console/session`, { method: 'POST', headers: { authorization: `Bearer ${server.key}` } });
    expect(signIn.status, await signIn.text()).toBeLessThan(300);
    await server.close();
    // A long history, as a server that ran for more than a year has: enough rows for several batches and progress lines.
    const sqlite = new Database(join(dataDir, DB_FILE_NAME));
    const checkNum = sqlite.prepare('select check_num from check_schedule order by check_num limit 1').pluck().get() as number;
    const insert = sqlite.prepare('insert into check_rollups (check_num, hour_start, runs, passed, degraded, failed, skipped, timed_runs, response_avg_us, packets_sent, packets_received) values (?, ?, 60, 59, 0, 1, 0, 60, 1250, 120, 119)');
    sqlite.transaction(() => {
      for (let hour = 1; hour <= ROLLUP_ROWS; hour += 1) insert.run(checkNum, Date.UTC(2024, 0, 1) + hour * 3_600_000);
    })();
    sqlite.close();

    copied = await cluster.createDatabase('team');
    copy = await dbCopy(['--from', dataDir, '--to', copied]);
    client = new pg.Client({ connectionString: copied });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await target?.close();
    await cluster?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('copies every table: exit 0, the counts printed side by side, every row equal in both databases', async () => {
    expect(copy.code, copy.stderr).toBe(0);
    const sqlite = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
    try {
      const sqliteTables = (sqlite.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`).pluck().all() as string[]).sort();
      const pgTables = (await client.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).rows.map((row) => row.table_name).sort();
      expect(pgTables).toEqual(sqliteTables);
      expect(pgTables.length).toBeGreaterThan(40);
      const count = (table: string) => Number(sqlite.prepare(`select count(*) from "${table}"`).pluck().get());
      // What the server wrote is there to compare.
      for (const [table, least] of Object.entries({ check_rows: 5, check_groups: 1, account_variables: 1, app_settings: 1, check_alerts: 1, alert_notifications: 1, alert_channels: 1, alert_subscriptions: 5, check_sessions: 6, check_results: 6, check_statuses: 5, result_details: 1, api_keys: 2, members: 2, console_sessions: 1, status_pages: 1, status_page_services: 1, maintenance_windows: 1, maintenance_state: 1, check_rollups: ROLLUP_ROWS })) {
        expect(count(table), table).toBeGreaterThanOrEqual(least);
      }
      let total = 0;
      for (const table of sqliteTables) {
        const rows = count(table);
        total += rows;
        const printed = new RegExp(`^  ${table} +${rows.toLocaleString('en-US')}  +${rows.toLocaleString('en-US')}$`, 'm');
        expect(copy.stdout, table).toMatch(printed);
        const columns = (await client.query<{ column_name: string; data_type: string }>(`select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])).rows;
        const kinds = columns.map((column) => ({ name: column.column_name, kind: column.data_type as Kind }));
        const list = kinds.map((column) => `"${column.name}"`).join(', ');
        const fromSqlite = (sqlite.prepare(`select ${list} from "${table}"`).raw(true).safeIntegers(true).all() as unknown[][]).map((row) => JSON.stringify(row.map((value, index) => normalise(kinds[index].kind, value))));
        const fromPg = (await client.query({ text: `select ${list} from "${table}"`, rowMode: 'array' })).rows.map((row: unknown[]) => JSON.stringify(row.map((value, index) => normalise(kinds[index].kind, value))));
        expect(fromPg.sort(), table).toEqual(fromSqlite.sort());
      }
      expect(copy.stdout).toMatch(new RegExp(`^  all ${sqliteTables.length} tables +${total.toLocaleString('en-US')}  +${total.toLocaleString('en-US')}$`, 'm'));
      expect(copy.stdout).toContain(`Verified: all ${sqliteTables.length} tables have as many rows in PostgreSQL as in SQLite.`);
    } finally {
      sqlite.close();
    }
    // Big tables say how far they are.
    expect(copy.stderr).toMatch(/^check_rollups: 6,\d{3} of 12,\d{3} rows \(50 %\)$/m);
    expect(copy.stderr).toMatch(/^check_rollups: 12,\d{3} of 12,\d{3} rows \(100 %\)$/m);
  });

  it('keeps secrets sealed and names the key file the team-mode servers need', async () => {
    const channel = await client.query<{ body: unknown }>('select body from alert_channels where id = $1', [channelId]);
    const text = JSON.stringify(channel.rows[0].body);
    expect(text).toContain('sl1:');
    expect(text).not.toContain(SECRET);
    const variable = await client.query<{ value: string }>(`select value from account_variables where key = 'TOKEN'`);
    expect(variable.rows[0].value).toMatch(/^sl1:/);
    const keyCheck = await client.query<{ value: string }>(`select value::text from maintenance_state where key = 'secret_key_check'`);
    expect(keyCheck.rows).toHaveLength(1);
    const keyFile = join(dataDir, KEY_FILE_NAME);
    expect(copy.stdout).toContain(`Stored secrets and API keys stay sealed with the key file ${keyFile}`);
    expect(copy.stdout).toContain(`--secret-key-file ${keyFile}`);
  });

  it('moves every identity sequence past the ids SQLite gave: a new group gets the id after the deleted one', async () => {
    const sqlite = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
    try {
      const given = (table: string) => Number(sqlite.prepare('select seq from sqlite_sequence where name = ?').pluck().get(table) ?? 0);
      const inserted = await client.query<{ id: number }>(`insert into check_groups (account_id, name, body, created_at) select id, 'After the move', '{}', '2026-11-29T00:00:00.000Z' from accounts limit 1 returning id`);
      expect(inserted.rows[0].id).toBe(deletedGroupId + 1);
      const identities = (await client.query<{ table_name: string; column_name: string }>(`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES' and table_name <> 'check_groups'`)).rows;
      expect(identities.map((column) => column.table_name).sort()).toEqual(expect.arrayContaining(['alert_channels', 'check_results', 'check_sessions', 'result_details']));
      for (const { table_name: table, column_name: column } of identities) {
        const largest = Number(sqlite.prepare(`select coalesce(max("${column}"), 0) from "${table}"`).pluck().get());
        const next = await client.query<{ next: string }>(`select nextval(pg_get_serial_sequence($1, $2))::text as next`, [`"${table}"`, column]);
        expect(Number(next.rows[0].next), table).toBe(Math.max(largest, given(table)) + 1);
      }
    } finally {
      sqlite.close();
    }
  });

  it('refuses a target that has rows (a second copy into the same database), changing nothing', async () => {
    const before = await client.query<{ count: string }>('select count(*) from checks');
    const again = await dbCopy(['--from', dataDir], { SIGHTLINE_DATABASE_URL: copied });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty: its Sightline tables hold rows (accounts');
    expect((await client.query<{ count: string }>('select count(*) from checks')).rows).toEqual(before.rows);
  });

  it('refuses a folder without a Sightline database, and a missing folder', async () => {
    const empty = join(root, 'empty');
    await mkdir(empty);
    const url = await cluster.createDatabase('unused');
    const none = await dbCopy(['--from', empty, '--to', url]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`--from: ${empty} has no Sightline database (no sightline.db)`);
    const missing = await dbCopy(['--from', join(root, 'nowhere'), '--to', url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--from: the folder ${join(root, 'nowhere')} does not exist`);
    const usage = await dbCopy(['--to', url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--from needs the data folder of the server to copy');
    const help = await dbCopy(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('sightline db copy --from DIR --to postgres://');
  });

  it('refuses a database it cannot reach, naming it without the password', async () => {
    const result = await dbCopy(['--from', dataDir, '--to', 'postgres://sightline:Pa55-w0rd-x@127.0.0.1:1/sightline']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot reach the PostgreSQL database postgres://sightline@127.0.0.1:1/sightline');
    expect(result.stderr + result.stdout).not.toContain('Pa55-w0rd-x');
  });

  it('refuses a data folder a running server uses', async () => {
    const live = join(root, 'live');
    await cp(dataDir, live, { recursive: true });
    const running = await startServer({ dataDir: live });
    try {
      const result = await dbCopy(['--from', live, '--to', await cluster.createDatabase('from_live')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot copy a database that a server is using: the data folder ${live} is in use by pid ${process.pid} (Sightline) at ${running.url}`);
      expect(result.stderr).toContain('Stop it first');
    } finally {
      await running.close();
    }
  });

  it('refuses a key file that did not seal the data', async () => {
    const other = join(root, 'other.key');
    await writeFile(other, randomBytes(32), { mode: 0o600 });
    const result = await dbCopy(['--from', dataDir, '--to', await cluster.createDatabase('other_key'), '--secret-key-file', other]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The secret key file ${other} is not the key the secrets in ${dataDir} were sealed with`);
  });

  it('reports rows PostgreSQL cannot take (\\u0000 in JSON, a foreign key pointing nowhere) by table and row, and leaves the target without rows', async () => {
    const broken = join(root, 'broken');
    await cp(dataDir, broken, { recursive: true });
    const sqlite = new Database(join(broken, DB_FILE_NAME));
    const id = sqlite.prepare(`select id from checks where name = 'Port'`).pluck().get() as string;
    sqlite.prepare(`update check_rows set body = json_set(body, '$.name', 'Port' || char(0)) where id = ?`).run(id);
    // A row whose parent is gone (written with the keys off): PostgreSQL refuses it, and the copy names it too.
    sqlite.pragma('foreign_keys = OFF');
    sqlite.prepare(`insert into agents (id, location_id, version, concurrency, registered_at, last_seen_at) values ('orphan-agent', 'gone', '1', 1, 1, 1)`).run();
    sqlite.close();
    const url = await cluster.createDatabase('broken');
    const result = await dbCopy(['--from', broken, '--to', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`check_rows (id = "${id}"): column body holds a JSON string with \\u0000 at $.name, which PostgreSQL's jsonb cannot store`);
    expect(result.stderr).toContain('agents (id = "orphan-agent"): PostgreSQL refused it: insert or update on table "agents" violates foreign key constraint');
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    try {
      const rows = await target.query<{ rows: string }>(`select (select count(*) from accounts) + (select count(*) from checks) + (select count(*) from check_rollups) as rows`);
      expect(Number(rows.rows[0].rows)).toBe(0);
    } finally {
      await target.end();
    }
    // Nothing was lost on the way: with the row corrected the copy goes through.
    const fixed = new Database(join(broken, DB_FILE_NAME));
    fixed.prepare(`update check_rows set body = json_set(body, '$.name', 'Port') where id = ?`).run(id);
    fixed.prepare(`delete from agents where id = 'orphan-agent'`).run();
    fixed.close();
    expect((await dbCopy(['--from', broken, '--to', url])).code).toBe(0);
  });
});
