import { startPgCluster, type PgCluster } from '../helpers/postgres';

/** The PostgreSQL run of the suite: one throwaway cluster; each test server makes a database in it (test/helpers/team-database.ts). */
let cluster: PgCluster | null = null;

export async function setup(): Promise<void> {
  cluster = await startPgCluster({ maxConnections: 300 });
  process.env.SIGHTLINE_TEST_PG_URL = cluster.url;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
