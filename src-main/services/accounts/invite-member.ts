import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { insertMember } from '../../db/repositories/accounts';
import { findMemberByEmail } from '../../db/repositories/members';
import { MemberInvite, type AccountInvite } from '../../../src-shared/schemas/account';
import { parseOrThrow } from '../validation';
import type { ServiceContext } from '../context';
import { emailTaken } from './add-member';
import { inviterEmailOf } from './inviter';
import { toInviteView } from './member-view';

/** An invite is a member row with status INVITED: it holds no keys and cannot act. */
export function inviteMember(ctx: ServiceContext, input: unknown): AccountInvite {
  const body = parseOrThrow(MemberInvite, input);
  const email = body.email.toLowerCase();
  return transaction(ctx.db, (tx) => {
    if (findMemberByEmail(tx, ctx.accountId, email)) throw emailTaken(email);
    const now = ctx.clock.now();
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name ?? '', email, role: body.role, status: 'INVITED', createdAt: now.toISOString(), updatedAt: null };
    insertMember(tx, row);
    return toInviteView(row, inviterEmailOf(tx, ctx.accountId), now);
  });
}
