import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { findOwnerMember, insertMember } from '../../db/repositories/accounts';
import { deleteMemberAndKeys, findMember, findMemberByEmail, updateMemberRole as storeRole } from '../../db/repositories/members';
import { lockAccount } from '../../db/row-locks';
import type { AccountInvite, AccountMembersListItem, AddedMember, MemberCreate, MemberInvite, MemberUpdate } from '../../../src-shared/schemas/account';
import type { CurrentUser } from '../../../src-shared/schemas/platform';
import type { ServiceContext } from '../context';
import { assertMayTouchOwner, assertNotLastOwner, findMemberOrThrow, type ActorContext } from './actor';
import { issueKey } from './api-keys';
import { DEFAULT_OWNER_EMAIL } from './bootstrap';
import { toInviteView, toListItem, toMemberView } from './member-view';

function emailTaken(email: string): AppError {
  return new AppError('conflict', `A member or invite with the e-mail ${email} already exists in this account`);
}

export async function inviterEmailOf(db: Db, accountId: string): Promise<string> {
  return (await findOwnerMember(db, accountId))?.email ?? DEFAULT_OWNER_EMAIL;
}

/** The member holding the key (the console's launch token acts as the account's owner). */
export async function getCurrentUser(ctx: ActorContext): Promise<CurrentUser> {
  const member = ctx.actor.memberId ? await findMember(ctx.db, ctx.accountId, ctx.actor.memberId) : await findOwnerMember(ctx.db, ctx.accountId);
  if (!member) throw AppError.notFound();
  return { id: member.id, name: member.name, email: member.email, role: ctx.actor.role };
}

/** Adds an active member with its first API key; the key is in the answer only, its hash in the database. */
export async function addMember(ctx: ActorContext, body: MemberCreate): Promise<AddedMember> {
  assertMayTouchOwner(ctx.actor, body.role, 'add');
  const email = body.email.toLowerCase();
  return await transaction(ctx.db, async (tx) => {
    // Adds of one e-mail through two servers check one after the other: the second gets the 409.
    await lockAccount(tx, ctx.accountId);
    if (await findMemberByEmail(tx, ctx.accountId, email)) throw emailTaken(email);
    const now = ctx.clock.now().toISOString();
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name, email, role: body.role, status: 'ACTIVE', createdAt: now, updatedAt: null };
    await insertMember(tx, row);
    const apiKey = await issueKey(tx, ctx.keyring, row, body.keyLabel, now);
    return { ...toMemberView(row), apiKey };
  });
}

/** An invite is a member row with status INVITED: it holds no keys and cannot act. */
export async function inviteMember(ctx: ServiceContext, body: MemberInvite): Promise<AccountInvite> {
  const email = body.email.toLowerCase();
  return await transaction(ctx.db, async (tx) => {
    await lockAccount(tx, ctx.accountId);
    if (await findMemberByEmail(tx, ctx.accountId, email)) throw emailTaken(email);
    const now = ctx.clock.now();
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name ?? '', email, role: body.role, status: 'INVITED', createdAt: now.toISOString(), updatedAt: null };
    await insertMember(tx, row);
    return toInviteView(row, await inviterEmailOf(tx, ctx.accountId), now);
  });
}

/** PATCH: changes a member's (or an invite's) role; the member's keys act with the new role at once. */
export async function updateMemberRole(ctx: ActorContext, userId: string, body: MemberUpdate): Promise<AccountMembersListItem> {
  return await transaction(ctx.db, async (tx) => {
    // The owners are counted one change at a time: two demotions of the last two owners leave one.
    await lockAccount(tx, ctx.accountId);
    const member = await findMemberOrThrow(tx, ctx.accountId, userId);
    assertMayTouchOwner(ctx.actor, member.role, 'demote');
    if (member.role !== body.role) await assertNotLastOwner(tx, member, 'demote');
    const now = ctx.clock.now();
    await storeRole(tx, member.id, body.role, now.toISOString());
    const updated = { ...member, role: body.role, updatedAt: now.toISOString() };
    return toListItem(updated, await inviterEmailOf(tx, ctx.accountId), now);
  });
}

/** Removes a member or withdraws an invite; the member's API keys are revoked in the same transaction. */
export async function removeMember(ctx: ActorContext, userId: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    // As a demotion (the last owner), and a key being created for the member waits or is revoked here.
    await lockAccount(tx, ctx.accountId);
    const member = await findMemberOrThrow(tx, ctx.accountId, userId);
    assertMayTouchOwner(ctx.actor, member.role, 'remove');
    await assertNotLastOwner(tx, member, 'remove');
    await deleteMemberAndKeys(tx, member.id);
  });
}
