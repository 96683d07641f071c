import type { Keyring } from '../../core/keyring';
import { transaction, type Db } from '../../db/connection';
import { MAINTENANCE_KEYS, readMaintenanceState, writeMaintenanceState } from '../../db/repositories/maintenance-state';
import {
  allCheckGroupBodies,
  channelsOfTypes,
  checksWithSecretVariables,
  notificationConfigsAfter,
  setChannelBody,
  setCheckBody,
  setCheckGroupBody,
  setNotificationConfigs,
  setSettingValue,
  settingsOfKey,
  withSecureDelete,
} from '../../db/repositories/secrets-at-rest';
import { lockKey } from '../../db/row-locks';
import { CHANNEL_KEY_VALUE_MEMBERS, CHANNEL_SECRET_MEMBERS, CHANNEL_URL_SECRETS, redactChannelConfig } from '../../../src-shared/rules/secrets';
import type { ServiceDeps } from '../context';
import { DELIVERY_SETTINGS_KEY, deliveryNeedsSealing, sealDelivery } from './delivery-secrets';
import { channelConfigNeedsSealing, openChannelConfig, sealChannelConfig } from './channel-config';
import { hasPlainSecrets, sealPlainSecrets } from './environment';
import { groupNeedsSealing, openGroupSecrets, sealGroupSecrets } from './group-secrets';

const CREDENTIAL_CHANNEL_TYPES = [...new Set([...Object.keys(CHANNEL_SECRET_MEMBERS), ...Object.keys(CHANNEL_URL_SECRETS), ...Object.keys(CHANNEL_KEY_VALUE_MEMBERS)])];
const NOTIFICATION_BATCH = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The queue of the servers of a team starting together: one seals, the others find it done. */
const SEAL_LOCK = 'secrets:seal-stored';

/**
 * Once per database, at start: seals every secret written before secrets were sealed (check and group
 * variables, group API defaults, channel credentials, delivery settings) and moves credentials out of
 * the `alertConfig` of recorded notifications. Freed space is zeroed and the WAL truncated, so a copy
 * of the data folder's database made afterwards holds no plaintext secret. Answers how many rows changed.
 * One transaction, flag included: a server starting beside the one sealing waits for its commit and
 * then finds the flag set, rather than reading and rewriting every row a second time.
 */
export async function sealStoredSecrets(deps: ServiceDeps): Promise<number> {
  if (await readMaintenanceState(deps.db, MAINTENANCE_KEYS.secretsSealed) !== null) return 0;
  const { db, keyring } = deps;
  let changed = 0;
  await withSecureDelete(db, async () => {
    await transaction(db, async (tx) => {
      await lockKey(tx, SEAL_LOCK);
      if (await readMaintenanceState(tx, MAINTENANCE_KEYS.secretsSealed) !== null) return;
      for (const check of await checksWithSecretVariables(tx)) {
        if (!hasPlainSecrets(keyring, check.value.environmentVariables)) continue;
        await setCheckBody(tx, String(check.key), { ...check.value, environmentVariables: sealPlainSecrets(keyring, check.value.environmentVariables) });
        changed++;
      }
      for (const group of await allCheckGroupBodies(tx)) {
        if (!groupNeedsSealing(keyring, group.value)) continue;
        await setCheckGroupBody(tx, Number(group.key), sealGroupSecrets(keyring, openGroupSecrets(keyring, group.value)));
        changed++;
      }
      for (const channel of await channelsOfTypes(tx, CREDENTIAL_CHANNEL_TYPES)) {
        const type = channel.type ?? '';
        if (!channelConfigNeedsSealing(keyring, type, channel.value.config)) continue;
        await setChannelBody(tx, Number(channel.key), { ...channel.value, config: sealChannelConfig(keyring, type, openChannelConfig(keyring, type, channel.value.config)) });
        changed++;
      }
      for (const setting of await settingsOfKey(tx, DELIVERY_SETTINGS_KEY)) {
        if (!deliveryNeedsSealing(keyring, setting.value)) continue;
        await setSettingValue(tx, setting.accountId, DELIVERY_SETTINGS_KEY, sealDelivery(keyring, setting.value, true) as Record<string, unknown>);
        changed++;
      }
      changed += await sealNotificationConfigs(tx, keyring);
      await writeMaintenanceState(tx, MAINTENANCE_KEYS.secretsSealed, 1, deps.clock.now().getTime());
    });
  });
  if (changed > 0) deps.logger.info({ rows: changed }, 'sealed secrets stored before encryption at rest');
  return changed;
}

/**
 * Inside the pass's transaction: notifications recorded before get their `alertConfig` redacted;
 * the ones still to be sent keep their credentials sealed. Read in batches, never all at once.
 */
async function sealNotificationConfigs(tx: Db, keyring: Keyring): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const batch = await notificationConfigsAfter(tx, CREDENTIAL_CHANNEL_TYPES, after, NOTIFICATION_BATCH);
    if (batch.length === 0) return changed;
    for (const row of batch) {
      after = row.rowid;
      const redacted = redactChannelConfig(row.type, row.alertConfig);
      if (JSON.stringify(redacted) === JSON.stringify(row.alertConfig) || !isRecord(row.alertConfig)) continue;
      const sealed = row.status === 'IN_PROGRESS' && row.sealedConfig === null ? sealChannelConfig(keyring, row.type, openChannelConfig(keyring, row.type, row.alertConfig)) : row.sealedConfig;
      await setNotificationConfigs(tx, row.id, redacted, sealed);
      changed++;
    }
  }
}
