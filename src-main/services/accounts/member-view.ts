import type { MemberRow } from '../../db/repositories/members';
import { Role, type AccountInvite, type AccountMember, type AccountMembersListItem } from '../../../src-shared/schemas/account';

/** Invites are never accepted by e-mail locally; they show as EXPIRED a week after they were made. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

function roleOf(row: MemberRow): Role {
  const parsed = Role.safeParse(row.role);
  return parsed.success ? parsed.data : 'READ_ONLY';
}

export function toMemberView(row: MemberRow): AccountMember {
  return {
    type: 'member',
    accountId: row.accountId,
    userId: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    status: 'ACTIVE',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? row.createdAt,
    isSupportMembership: false,
    ssoEnabled: false,
    mfaEnabled: false,
  };
}

export function toInviteView(row: MemberRow, inviterEmail: string, now: Date): AccountInvite {
  const expiresAt = new Date(Date.parse(row.createdAt) + INVITE_LIFETIME_MS);
  return {
    type: 'invite',
    id: row.id,
    accountId: row.accountId,
    email: row.email,
    role: roleOf(row),
    status: now.getTime() >= expiresAt.getTime() ? 'EXPIRED' : 'PENDING',
    inviterEmail,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? row.createdAt,
    expiresAt: expiresAt.toISOString(),
  };
}

export function isInvite(row: MemberRow): boolean {
  return row.status === 'INVITED';
}

/**
 * The members table has no column for who sent an invite, so invites name the account's first
 * owner as their inviter.
 */
export function toListItem(row: MemberRow, inviterEmail: string, now: Date): AccountMembersListItem {
  return isInvite(row) ? toInviteView(row, inviterEmail, now) : toMemberView(row);
}
