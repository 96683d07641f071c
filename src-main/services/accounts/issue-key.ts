import { randomUUID } from 'node:crypto';
import type { Keyring } from '../../core/keyring';
import type { Db } from '../../db/connection';
import { insertApiKey } from '../../db/repositories/accounts';
import type { MemberRow } from '../../db/repositories/members';
import type { CreatedApiKey } from '../../../src-shared/schemas/account';
import { generateApiKey, hashApiKey } from '../auth/keys';
import { toMemberView } from './member-view';

/** Inside the caller's transaction: stores the hash of a new key for the member and returns the key once. */
export function issueKey(tx: Db, keyring: Keyring, member: MemberRow, label: string | undefined, now: string): CreatedApiKey {
  const apiKey = generateApiKey();
  const role = toMemberView(member).role;
  const row = { id: randomUUID(), accountId: member.accountId, keyHash: hashApiKey(keyring, apiKey), label: label ?? `Key of ${member.email}`, role, memberId: member.id, createdAt: now };
  insertApiKey(tx, row);
  return { id: row.id, memberId: member.id, label: row.label, role, createdAt: now, apiKey };
}
