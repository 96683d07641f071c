import { findMember } from '../../db/repositories/members';
import type { ServiceContext } from '../context';

/**
 * Who a deployment is recorded as: the key holder's name (or email), as it was when they deployed,
 * so the console's history reads like a person rather than an id; the desktop app's own launch
 * token has no member.
 */
export async function deployerName(ctx: ServiceContext, memberId: string | null): Promise<string> {
  if (!memberId) return 'Sightline desktop app';
  const member = await findMember(ctx.db, ctx.accountId, memberId);
  return member?.name || member?.email || memberId;
}
