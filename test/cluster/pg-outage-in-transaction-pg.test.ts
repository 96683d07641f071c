import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src-main/db/connection';
import { runSql } from '../../src-main/db/dialect';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';

/**
 * Issue 35 item 8: PostgreSQL stopped while a transaction holds one of the pool's connections (a
 * loaded server always has one). The connection's error reaches the transaction, which fails, and
 * the server lives on: once the database is back its API answers again. (The pool listens for a
 * client's errors only while it is idle: this ended a server of the team-failover benchmark.)
 */
describe('PostgreSQL stopped during a transaction', () => {
  let team: PgBackends;

  beforeAll(async () => {
    team = await startPgBackends('outage-tx', 1);
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  it('the transaction fails, the process lives, and the API answers once the database is back', async () => {
    const [server] = team.servers;
    const held = transaction(server!.backend.db.db, async (tx) => {
      await runSql(tx, sql`select 1`);
      // Holds its connection while the database stops.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await runSql(tx, sql`select 1`);
    });
    const outcome = held.then(
      () => 'committed',
      (error: unknown) => (error as Error).message,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await team.cluster.stopServer();
    expect(await outcome).not.toBe('committed');
    await team.cluster.startServer();
    await expect.poll(async () => (await server!.api('GET', '/v1/checks?limit=1')).status, { timeout: 20_000, interval: 250 }).toBe(200);
  }, 60_000);
});
