// Secrets' public face: sealing, opening and masking the secrets each entity stores.
export { channelSecretValues, openChannelConfig, resolveChannelConfig, sealChannelConfig, sealedChannelConfig } from './channel-config';
export { DELIVERY_SETTINGS_KEY, openDelivery, sealDelivery, type StoredDelivery } from './delivery-secrets';
export {
  openEnvironment,
  openExecutionSecrets,
  openJobSecrets,
  resolveEnvironment,
  sealEnvironment,
  sealNewEnvironment,
  type EnvironmentInput,
} from './environment';
export { maskGroupSecrets, openGroupSecrets, resolveGroupSecrets, sealGroupSecrets } from './group-secrets';
export { sealStoredSecrets } from './seal-stored';
export { loadSealingKey } from './sealing-key';
