import { transaction } from '../../db/connection';
import { updateMemberRole as storeRole } from '../../db/repositories/members';
import { MemberUpdate, type AccountMembersListItem } from '../../../src-shared/schemas/account';
import { parseOrThrow } from '../validation';
import type { ActorContext } from './actor';
import { inviterEmailOf } from './inviter';
import { toListItem } from './member-view';
import { assertMayTouchOwner, assertNotLastOwner, findMemberOrThrow } from './owner-rules';

/** PATCH: changes a member's (or an invite's) role; the member's keys act with the new role at once. */
export function updateMemberRole(ctx: ActorContext, userId: string, input: unknown): AccountMembersListItem {
  const body = parseOrThrow(MemberUpdate, input);
  return transaction(ctx.db, (tx) => {
    const member = findMemberOrThrow(tx, ctx.accountId, userId);
    assertMayTouchOwner(ctx.actor, member.role, 'demote');
    if (member.role !== body.role) assertNotLastOwner(tx, member, 'demote');
    const now = ctx.clock.now();
    storeRole(tx, member.id, body.role, now.toISOString());
    const updated = { ...member, role: body.role, updatedAt: now.toISOString() };
    return toListItem(updated, inviterEmailOf(tx, ctx.accountId), now);
  });
}
