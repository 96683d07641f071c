import { AppError } from '../../core/errors';
import { findOwnerMember } from '../../db/repositories/accounts';
import { findMember } from '../../db/repositories/members';
import type { CurrentUser } from '../../../src-shared/schemas/platform';
import type { ActorContext } from './actor';

/** The member holding the key (the console's launch token acts as the account's owner). */
export function getCurrentUser(ctx: ActorContext): CurrentUser {
  const member = ctx.actor.memberId ? findMember(ctx.db, ctx.accountId, ctx.actor.memberId) : findOwnerMember(ctx.db, ctx.accountId);
  if (!member) throw AppError.notFound();
  return { id: member.id, name: member.name, email: member.email, role: ctx.actor.role };
}
