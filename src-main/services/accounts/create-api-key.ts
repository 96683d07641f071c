import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { ApiKeyCreate, type CreatedApiKey } from '../../../src-shared/schemas/account';
import { parseOrThrow } from '../validation';
import type { ActorContext } from './actor';
import { issueKey } from './issue-key';
import { isInvite } from './member-view';
import { assertMayTouchOwner, findMemberOrThrow } from './owner-rules';

/** A further key for an active member, acting with the member's role; shown once. */
export function createApiKey(ctx: ActorContext, userId: string, input: unknown): CreatedApiKey {
  const body = parseOrThrow(ApiKeyCreate, input ?? {});
  return transaction(ctx.db, (tx) => {
    const member = findMemberOrThrow(tx, ctx.accountId, userId);
    if (isInvite(member)) {
      throw new AppError('conflict', `${member.email} is a pending invite and cannot hold API keys; add them as a member instead`);
    }
    assertMayTouchOwner(ctx.actor, member.role, 'create API keys for');
    return issueKey(tx, ctx.keyring, member, body.label, ctx.clock.now().toISOString());
  });
}
