import { join } from 'node:path';
import pg from 'pg';

/**
 * When the suite runs on PostgreSQL (vitest.postgres.config.ts starts one cluster and sets
 * SIGHTLINE_TEST_PG_URL), every test server gets a database of its own, created on first start of
 * its data folder and kept for its restarts, with the key file in that folder.
 */
const databases = new Map<string, string>();
let created = 0;

export function onTestPostgres(): boolean {
  return Boolean(process.env.SIGHTLINE_TEST_PG_URL);
}

export async function teamDatabaseFor(dataDir: string): Promise<{ databaseUrl: string; secretKeyFile: string } | null> {
  const admin = process.env.SIGHTLINE_TEST_PG_URL;
  if (!admin) return null;
  let url = databases.get(dataDir);
  if (url === undefined) {
    const name = `sl_${process.pid}_${++created}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    url = admin.replace(/^(postgres:\/\/[^/]*\/)[^?]*/, `$1${name}`);
    databases.set(dataDir, url);
  }
  return { databaseUrl: url, secretKeyFile: join(dataDir, 'team-secret.key') };
}
