import { join } from 'node:path';
import { KEY_FILE_NAME, keyringFromMaster, readKeyFile } from '../../core/keyring';
import type { Db } from '../connection';
import { MAINTENANCE_KEYS, readMaintenanceState, writeMaintenanceState } from '../repositories/maintenance-state';
import { CopyRefused } from './refused';

/**
 * The key file the source's secrets were sealed with: the one named (--secret-key-file), or the data
 * folder's secret.key. The copy does not re-seal anything, so the team-mode servers need this very
 * file; one that does not match the database's recorded check is refused now rather than by every
 * server later. A database with no check recorded gets it, as its server's next start would record it.
 */
export async function sourceKeyFile(db: Db, dataDir: string, named: string | null, now: number): Promise<string> {
  const file = named ?? join(dataDir, KEY_FILE_NAME);
  const recorded = await readMaintenanceState(db, MAINTENANCE_KEYS.secretKeyCheck);
  let master: Buffer | null;
  try {
    master = readKeyFile(file);
  } catch (error) {
    throw new CopyRefused(`The secret key file cannot be used: ${(error as Error).message}`);
  }
  if (!master) {
    throw new CopyRefused(
      named
        ? `The secret key file ${file} does not exist: name the key file the server was started with (--secret-key-file).`
        : `No secret key file in ${dataDir} (${KEY_FILE_NAME}): the server was started with --secret-key-file; name that file with --secret-key-file, since the copied secrets and API keys stay sealed with it.`,
    );
  }
  const check = keyringFromMaster(master).check;
  if (recorded !== null && recorded !== check) {
    throw new CopyRefused(
      `The secret key file ${file} is not the key the secrets in ${dataDir} were sealed with: ` +
        'name the key file the server was started with (--secret-key-file); the team-mode servers need that one, or they refuse to start.',
    );
  }
  if (recorded === null) await writeMaintenanceState(db, MAINTENANCE_KEYS.secretKeyCheck, check, now);
  return file;
}
