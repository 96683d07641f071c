import { transaction } from '../../db/connection';
import { deleteMemberAndKeys } from '../../db/repositories/members';
import type { ActorContext } from './actor';
import { assertMayTouchOwner, assertNotLastOwner, findMemberOrThrow } from './owner-rules';

/** Removes a member or withdraws an invite; the member's API keys are revoked in the same transaction. */
export function removeMember(ctx: ActorContext, userId: string): void {
  transaction(ctx.db, (tx) => {
    const member = findMemberOrThrow(tx, ctx.accountId, userId);
    assertMayTouchOwner(ctx.actor, member.role, 'remove');
    assertNotLastOwner(tx, member, 'remove');
    deleteMemberAndKeys(tx, member.id);
  });
}
