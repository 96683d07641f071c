// Authentication and access: transports, boot and other services import from here only.
export { assertAccess, requiredAccess, type Access } from './access';
export { assertOwnAccount, assertSameAccount, authenticate, authenticateKey, principalOfKeyHash, type Credentials } from './authenticate';
export { ConsoleSessions, type ActiveSession } from './console-sessions';
export { bearerToken, generateApiKey, hashApiKey, sameHash, sha256Hex } from './keys';
export { LaunchTokens } from './launch-tokens';
export type { Principal } from './principal';
