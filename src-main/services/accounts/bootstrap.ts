import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { findApiKeyByHash, findFirstAccount, insertAccount, insertApiKey } from '../../db/repositories/accounts';
import type { ServiceDeps } from '../context';
import { generateApiKey, hashApiKey } from '../auth/keys';

export interface BootstrapResult {
  accountId: string;
  /** Set only when this start created the account's first key: shown once, never stored. */
  createdKey: string | null;
}

/**
 * First start with an empty data dir creates the account and an owner key. A key given with
 * --api-key / SIGHTLINE_API_KEY becomes a valid owner key of that account (idempotent).
 */
export function bootstrapAccount(deps: ServiceDeps, givenKey: string | null): BootstrapResult {
  return transaction(deps.db, (tx) => {
    const now = deps.clock.now().toISOString();
    let account = findFirstAccount(tx);
    let createdKey: string | null = null;
    if (!account) {
      account = { id: randomUUID(), name: 'Sightline', createdAt: now, maxChecks: null, alertSettings: null };
      insertAccount(tx, account);
      if (!givenKey) {
        createdKey = generateApiKey();
        insertApiKey(tx, { id: randomUUID(), accountId: account.id, keyHash: hashApiKey(createdKey), label: 'Owner key (first start)', role: 'owner', createdAt: now });
      }
    }
    if (givenKey) {
      const keyHash = hashApiKey(givenKey);
      if (!findApiKeyByHash(tx, keyHash)) {
        insertApiKey(tx, { id: randomUUID(), accountId: account.id, keyHash, label: 'Owner key (--api-key)', role: 'owner', createdAt: now });
      }
    }
    return { accountId: account.id, createdKey };
  });
}
