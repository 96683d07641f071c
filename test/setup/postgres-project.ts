import type { TestProject } from 'vitest/node';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

/**
 * The `postgres` project of vitest.config.ts: one throwaway PostgreSQL cluster for its files, given
 * to them by inject (test/setup/postgres-env.ts), so the other projects' files stay on SQLite.
 */
let cluster: PgCluster | null = null;

declare module 'vitest' {
  export interface ProvidedContext {
    sightlinePgUrl: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  cluster = await startPgCluster({ maxConnections: 300 });
  project.provide('sightlinePgUrl', cluster.url);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
