import { eq, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { maintenanceState } from '../tables';
import { get, onPostgres, run } from "../dialect";

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

/**
 * Moves a watermark forward only (`greatest`/`max` of the stored and the new value): a pass of a
 * server that lost the lead, finishing its batch after the new leader moved the mark on, cannot
 * move it back (rollups and prune cutoffs only grow).
 */
export async function advanceMaintenanceState(db: Db, key: string, value: number, now: number): Promise<void> {
  db = await ready(db);
  const larger = onPostgres() ? sql`greatest(${maintenanceState.value}, excluded.value)` : sql`max(${maintenanceState.value}, excluded.value)`;
  await run(db.insert(maintenanceState)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: maintenanceState.key, set: { value: larger, updatedAt: now } }));
}

/**
 * Stores `value` under `key` unless a value is there already, and answers the stored one: two
 * servers recording at once (the sealing key's check at a first start) keep the first, and the
 * other learns it differs (`INSERT … ON CONFLICT DO NOTHING`, then the read).
 */
export async function recordMaintenanceStateOnce(db: Db, key: string, value: number, now: number): Promise<number> {
  db = await ready(db);
  await run(db.insert(maintenanceState).values({ key, value, updatedAt: now }).onConflictDoNothing({ target: maintenanceState.key }));
  return (await readMaintenanceState(db, key)) ?? value;
}
