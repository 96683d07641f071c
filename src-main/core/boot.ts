import type { FastifyInstance } from 'fastify';
import { openDb, type DbHandle } from '../db/connection';
import { buildApp } from '../http/app';
import { bootstrapAccount } from '../services/accounts/bootstrap';
import { generateApiKey, hashApiKey } from '../services/auth/keys';
import { LaunchTokens } from '../services/auth/launch-tokens';
import type { ServiceDeps } from '../services/context';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createLogger, type Logger } from './logger';

export interface BootOptions {
  clock?: Clock;
  logger?: Logger;
  /** Issue a per-launch token for the Electron console. */
  issueLaunchToken?: boolean;
  nativeBinding?: string;
  allowFileOrigin?: boolean;
}

export interface Backend {
  url: string;
  accountId: string;
  /** The owner key created by this start (first start with an empty data dir), shown once. */
  createdKey: string | null;
  launchToken: string | null;
  app: FastifyInstance;
  deps: ServiceDeps;
  db: DbHandle;
  close(): Promise<void>;
}

/** The composition root shared by the Electron main process, `sightline serve` and the tests. */
export async function boot(config: Config, options: BootOptions = {}): Promise<Backend> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = openDb({ dataDir: config.dataDir, migrationsDir: config.migrationsDir, nativeBinding: options.nativeBinding });
  const deps: ServiceDeps = { db: db.db, clock: options.clock ?? systemClock, logger };
  const launchTokens = new LaunchTokens();
  let app: FastifyInstance | null = null;
  try {
    const { accountId, createdKey } = bootstrapAccount(deps, config.apiKey);
    let launchToken: string | null = null;
    if (options.issueLaunchToken) {
      launchToken = generateApiKey();
      launchTokens.add(hashApiKey(launchToken), { accountId, role: 'OWNER' });
    }
    app = await buildApp({ services: deps, launchTokens }, { logger, rendererDir: config.rendererDir, rateLimitPerMinute: config.rateLimitPerMinute, allowFileOrigin: options.allowFileOrigin });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const listening = app;
    let closed = false;
    return {
      url: `http://${host}:${port}`,
      accountId,
      createdKey,
      launchToken,
      app: listening,
      deps,
      db,
      async close() {
        if (closed) return;
        closed = true;
        await listening.close();
        db.close();
      },
    };
  } catch (error) {
    await app?.close();
    db.close();
    throw error;
  }
}
