import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { insertMember } from '../../db/repositories/accounts';
import { findMemberByEmail } from '../../db/repositories/members';
import { MemberCreate, type AddedMember } from '../../../src-shared/schemas/account';
import { parseOrThrow } from '../validation';
import type { ActorContext } from './actor';
import { issueKey } from './issue-key';
import { toMemberView } from './member-view';
import { assertMayTouchOwner } from './owner-rules';

export function emailTaken(email: string): AppError {
  return new AppError('conflict', `A member or invite with the e-mail ${email} already exists in this account`);
}

/** Adds an active member with its first API key; the key is in the answer only, its hash in the database. */
export function addMember(ctx: ActorContext, input: unknown): AddedMember {
  const body = parseOrThrow(MemberCreate, input);
  assertMayTouchOwner(ctx.actor, body.role, 'add');
  const email = body.email.toLowerCase();
  return transaction(ctx.db, (tx) => {
    if (findMemberByEmail(tx, ctx.accountId, email)) throw emailTaken(email);
    const now = ctx.clock.now().toISOString();
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name, email, role: body.role, status: 'ACTIVE', createdAt: now, updatedAt: null };
    insertMember(tx, row);
    const apiKey = issueKey(tx, ctx.keyring, row, body.keyLabel, now);
    return { ...toMemberView(row), apiKey };
  });
}
