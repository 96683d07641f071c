import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startPgCluster, type PgCluster } from './postgres';
import { startServer, type StartOptions, type TestServer } from './server';

export interface PgBackends {
  cluster: PgCluster;
  servers: TestServer[];
  stop(): Promise<void>;
}

/**
 * Several backends in this process on one database of a throwaway PostgreSQL cluster, sharing one
 * key file: each has its own pool, so their transactions run at the same time, as two servers'
 * would. `prepare` runs on each once it started (stop a worker the test drives by hand). The file
 * needs a process of its own (vitest.config.ts OWN_PROCESS): one dialect per process.
 */
export async function startPgBackends(label: string, count: number, options: StartOptions = {}, prepare?: (server: TestServer) => Promise<void>): Promise<PgBackends> {
  const cluster = await startPgCluster();
  const keyDir = mkdtempSync(`/tmp/sightline-${label}-key-`);
  const servers: TestServer[] = [];
  const stop = async () => {
    for (const server of servers.splice(0)) await server.stop();
    await cluster.stop();
    rmSync(keyDir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await cluster.createDatabase(label.replace(/\W/g, '_'));
    for (let i = 0; i < count; i++) {
      const server = await startServer({ ...options, config: { ...options.config, databaseUrl, secretKeyFile: join(keyDir, 'secret.key') } });
      servers.push(server);
      await prepare?.(server);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { cluster, servers, stop };
}
