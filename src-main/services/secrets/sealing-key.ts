import { join } from 'node:path';
import { createKeyFile, KEY_FILE_NAME, keyringFromMaster, loadKeyring, readKeyFile, SealingKeyRefused, type Keyring } from '../../core/keyring';
import type { Logger } from '../../core/logger';
import type { Db } from '../../db/connection';
import { MAINTENANCE_KEYS, readMaintenanceState, recordMaintenanceStateOnce } from '../../db/repositories/maintenance-state';

export interface SealingKeySource {
  dataDir: string;
  /** --secret-key-file / SIGHTLINE_SECRET_KEY_FILE (absolute); null: `secret.key` in the data folder, as always. */
  secretKeyFile: string | null;
}

/**
 * The key that seals secrets and keys API-key hashes. The database keeps only the key's check value
 * (Keyring.check), recorded at the first start that has none. With a key file named on the command
 * line, a key that does not match the recorded check is refused before anything is read or sealed
 * with it: a wrong key would otherwise show as secrets read back empty and every API key refused.
 * Without one, the data folder's key is loaded (or created) as it always was; a mismatch is logged.
 */
export async function loadSealingKey(db: Db, source: SealingKeySource, logger: Logger, now: number): Promise<Keyring> {
  const recorded = await readMaintenanceState(db, MAINTENANCE_KEYS.secretKeyCheck);
  // The first start records the check; another server starting at the same moment with another key
  // may have recorded its own meanwhile: the one recorded is the one compared.
  const record = async (keyring: Keyring, differs: () => void) => {
    if (recorded === null && await recordMaintenanceStateOnce(db, MAINTENANCE_KEYS.secretKeyCheck, keyring.check, now) !== keyring.check) differs();
    return keyring;
  };
  if (source.secretKeyFile === null) {
    const keyring = loadKeyring(source.dataDir);
    const warnWrongFolderKey = () =>
      logger.warn(
        { keyFile: join(source.dataDir, KEY_FILE_NAME) },
        "the data folder's secret.key is not the key this database's secrets were sealed with: stored secrets read as unset and API keys made before are refused; restore the folder's secret.key from a backup",
      );
    if (recorded !== null && recorded !== keyring.check) warnWrongFolderKey();
    return await record(keyring, warnWrongFolderKey);
  }

  const file = source.secretKeyFile;
  const folderFile = join(source.dataDir, KEY_FILE_NAME);
  // A database from before the check was recorded: its data folder's own key, if any, is the one it was sealed with.
  const folderKey = recorded === null ? readKeyFile(folderFile) : null;
  const expected = recorded ?? (folderKey ? keyringFromMaster(folderKey).check : null);
  const existing = readKeyFile(file);
  if (!existing && expected !== null) {
    throw new SealingKeyRefused(
      `The secret key file ${file} does not exist, and the secrets in this database were sealed with a key${recorded === null ? ` (${folderFile})` : ''}. ` +
        `Start with the key file of the server that wrote this data (--secret-key-file or SIGHTLINE_SECRET_KEY_FILE; a single server keeps it as ${KEY_FILE_NAME} in its data folder). No key file was created.`,
    );
  }
  const keyring = keyringFromMaster(existing ?? createKeyFile(file));
  const refuse = (sealedWith: string) => {
    throw new SealingKeyRefused(
      `The secret key file ${file} is not ${sealedWith}: with it, stored secrets could not be read and every API key would be refused. ` +
        `Start with the key file of the server that wrote this data (--secret-key-file or SIGHTLINE_SECRET_KEY_FILE).`,
    );
  };
  const recordedKey = 'the key the secrets in this database were sealed with';
  if (expected !== null && expected !== keyring.check) refuse(recorded !== null ? recordedKey : `the key in ${folderFile}, which sealed the secrets in this database`);
  return await record(keyring, () => refuse(recordedKey));
}
