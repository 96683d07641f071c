import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { countActiveOwners, findMember, type MemberRow } from '../../db/repositories/members';
import type { Principal } from '../auth';
import type { ServiceContext } from '../context';

/** A service call that also needs to know who acts: owner-only rules and the inviter's e-mail. */
export interface ActorContext extends ServiceContext {
  actor: Principal;
}

/** Only an owner may add, demote or remove an owner, or make keys for one: an ADMIN must not be able to become one. */
export function assertMayTouchOwner(actor: Principal, targetRole: string, what: string): void {
  if (targetRole === 'OWNER' && actor.role !== 'OWNER') {
    throw new AppError('forbidden', `Forbidden: only an OWNER key may ${what} an OWNER; this key is ${actor.role}`);
  }
}

/** The account must keep at least one active owner. */
export async function assertNotLastOwner(tx: Db, member: MemberRow, what: string): Promise<void> {
  if (member.role === 'OWNER' && member.status === 'ACTIVE' && await countActiveOwners(tx, member.accountId) <= 1) {
    throw new AppError('conflict', `Cannot ${what} ${member.email}: it is the account's last OWNER. Add another OWNER first.`);
  }
}

export async function findMemberOrThrow(tx: Db, accountId: string, userId: string): Promise<MemberRow> {
  const member = await findMember(tx, accountId, userId);
  if (!member) throw AppError.notFound();
  return member;
}
