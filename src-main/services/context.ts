import type { Clock } from '../core/clock';
import type { Keyring } from '../core/keyring';
import type { Logger } from '../core/logger';
import type { Db } from '../db/connection';
import type { Runtime } from './runtime';

/** What every service verb needs, resolved once at boot. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The live parts of this backend (events, run control, signals); see services/runtime.ts. */
  runtime: Runtime;
  /** Seals secrets at rest and keys API-key hashes; its key lives in the data folder, not the database. */
  keyring: Keyring;
}

/** A service call made on behalf of one account (after authentication). */
export interface ServiceContext extends ServiceDeps {
  accountId: string;
}
