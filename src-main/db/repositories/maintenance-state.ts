import { eq, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { maintenanceState } from '../tables';
import { get, run } from "../dialect";

/** Keys of maintenance_state. */
export const MAINTENANCE_KEYS = {
  /** Epoch ms of the first hour not rolled up yet (every earlier hour is in check_rollups). */
  rollupWatermark: 'rollup_watermark',
  /** The raw cutoff (epoch ms, an hour start) that results and sessions of every check were pruned to. */
  rawPrunedTo: 'raw_pruned_to',
  /** The same for rollups. */
  rollupsPrunedTo: 'rollups_pruned_to',
  /** 1 once secrets stored before sealing existed were sealed (services/secrets/seal-stored.ts). */
  secretsSealed: 'secrets_sealed',
  /** The sealing key's check value (Keyring.check, 48 bits): a server given another key file refuses to start. */
  secretKeyCheck: 'secret_key_check',
} as const;

export async function readMaintenanceState(db: Db, key: string): Promise<number | null> {
  db = await ready(db);
  return (
    (await get(prepared(db, 'readMaintenanceState', (d) =>
            d
              .select({ value: maintenanceState.value })
              .from(maintenanceState)
              .where(eq(maintenanceState.key, sql.placeholder('key')))
              .prepare(),
          ), { key }))?.value ?? null
  );
}

export async function writeMaintenanceState(db: Db, key: string, value: number, now: number): Promise<void> {
  db = await ready(db);
  await run(db.insert(maintenanceState)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: maintenanceState.key, set: { value, updatedAt: now } }));
}
