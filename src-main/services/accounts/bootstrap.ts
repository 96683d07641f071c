import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import {
  adoptOrphanKeys,
  findApiKeyByHash,
  findFirstAccount,
  findOwnerMember,
  insertAccount,
  insertApiKey,
  insertMember,
  replaceApiKeyHash,
} from '../../db/repositories/accounts';
import { updateMemberEmail } from '../../db/repositories/members';
import { lockKey } from '../../db/row-locks';
import type { ServiceDeps } from '../context';
import { generateApiKey, hashApiKey, sha256Hex } from '../auth';

export interface BootstrapResult {
  accountId: string;
  /** Set only when this start created the account's first key: shown once, never stored. */
  createdKey: string | null;
}

/**
 * The first owner's address. It has a dot in its domain so that it is a valid email address for
 * clients that check the format (the public schema does); `.localhost` never routes anywhere.
 */
export const DEFAULT_OWNER_EMAIL = 'owner@sightline.localhost';
/** What earlier versions gave the first owner: not a valid address by the public schema's format. */
const LEGACY_OWNER_EMAIL = 'owner@localhost';

async function ensureOwner(tx: Db, accountId: string, now: string): Promise<string> {
  const owner = await findOwnerMember(tx, accountId);
  if (owner) {
    if (owner.email === LEGACY_OWNER_EMAIL) await updateMemberEmail(tx, owner.id, DEFAULT_OWNER_EMAIL, now);
    return owner.id;
  }
  const id = randomUUID();
  await insertMember(tx, { id, accountId, name: 'Owner', email: DEFAULT_OWNER_EMAIL, role: 'OWNER', status: 'ACTIVE', createdAt: now, updatedAt: null });
  await adoptOrphanKeys(tx, accountId, id);
  return id;
}

/** The queue of the servers starting on one database: there is no account row to lock yet. */
const BOOTSTRAP_LOCK = 'bootstrap-account';

/**
 * First start with an empty data dir creates the account, its owner member and an owner key. A key
 * given with --api-key / SIGHTLINE_API_KEY becomes a valid owner key of that account (idempotent).
 * Servers of a team starting together on an empty database take turns here, so the second finds
 * the account, owner and key the first made instead of making its own.
 */
export async function bootstrapAccount(deps: ServiceDeps, givenKey: string | null): Promise<BootstrapResult> {
  return await transaction(deps.db, async (tx) => {
    await lockKey(tx, BOOTSTRAP_LOCK);
    const now = deps.clock.now().toISOString();
    let account = await findFirstAccount(tx);
    let createdKey: string | null = null;
    const isNew = !account;
    if (!account) {
      account = { id: randomUUID(), name: 'Sightline', createdAt: now, maxChecks: null, alertSettings: null };
      await insertAccount(tx, account);
    }
    const ownerId = await ensureOwner(tx, account.id, now);
    const key = (label: string, keyHash: string) => ({ id: randomUUID(), accountId: account.id, keyHash, label, role: 'OWNER', memberId: ownerId, createdAt: now });
    if (isNew && !givenKey) {
      createdKey = generateApiKey();
      await insertApiKey(tx, key('Owner key (first start)', hashApiKey(deps.keyring, createdKey)));
    }
    if (givenKey) {
      const keyHash = hashApiKey(deps.keyring, givenKey);
      // A given key stored before keyed hashes keeps its row and gets the keyed hash now.
      if (!await findApiKeyByHash(tx, keyHash) && !await replaceApiKeyHash(tx, sha256Hex(givenKey), keyHash)) await insertApiKey(tx, key('Owner key (--api-key)', keyHash));
    }
    return { accountId: account.id, createdKey };
  });
}
