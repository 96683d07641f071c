import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import { transaction, type Db } from '../../db/connection';
import { insertApiKey } from '../../db/repositories/accounts';
import type { MemberRow } from '../../db/repositories/members';
import { lockAccount } from '../../db/row-locks';
import type { ApiKeyCreate, CreatedApiKey } from '../../../src-shared/schemas/account';
import { generateApiKey, hashApiKey } from '../auth';
import { assertMayTouchOwner, findMemberOrThrow, type ActorContext } from './actor';
import { isInvite, toMemberView } from './member-view';

/** Inside the caller's transaction: stores the hash of a new key for the member and returns the key once. */
export async function issueKey(tx: Db, keyring: Keyring, member: MemberRow, label: string | undefined, now: string): Promise<CreatedApiKey> {
  const apiKey = generateApiKey();
  const role = toMemberView(member).role;
  const row = { id: randomUUID(), accountId: member.accountId, keyHash: hashApiKey(keyring, apiKey), label: label ?? `Key of ${member.email}`, role, memberId: member.id, createdAt: now };
  await insertApiKey(tx, row);
  return { id: row.id, memberId: member.id, label: row.label, role, createdAt: now, apiKey };
}

/** A further key for an active member, acting with the member's role; shown once. */
export async function createApiKey(ctx: ActorContext, userId: string, body: ApiKeyCreate): Promise<CreatedApiKey> {
  return await transaction(ctx.db, async (tx) => {
    // A removal of the member waits for this key (and revokes it), or this create finds no member:
    // never a key outliving its member. The account row, which every member change takes, rather
    // than the member's: the key's foreign key shares the account row, so a removal holding it and
    // waiting for the member's row would deadlock with this create.
    await lockAccount(tx, ctx.accountId);
    const member = await findMemberOrThrow(tx, ctx.accountId, userId);
    if (isInvite(member)) {
      throw new AppError('conflict', `${member.email} is a pending invite and cannot hold API keys; add them as a member instead`);
    }
    assertMayTouchOwner(ctx.actor, member.role, 'create API keys for');
    return await issueKey(tx, ctx.keyring, member, body.label, ctx.clock.now().toISOString());
  });
}
