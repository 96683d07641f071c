import { createHash } from 'node:crypto';
import { AppError } from '../../core/errors';
import { listMembersOfAccount } from '../../db/repositories/members';
import type { AccountMembersList, AccountMembersListItem, MemberListQuery } from '../../../src-shared/schemas/account';
import type { ServiceContext } from '../context';
import { inviterEmailOf } from './members';
import { toListItem } from './member-view';

function matches(item: AccountMembersListItem, query: MemberListQuery): boolean {
  if (query.type && item.type !== query.type) return false;
  if (query.role && item.role !== query.role) return false;
  if (query.status && item.status !== query.status) return false;
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const name = item.type === 'member' ? (item.name ?? '') : '';
    if (!name.toLowerCase().includes(search) && !item.email.toLowerCase().includes(search)) return false;
  }
  return true;
}

/** The cursor binds the offset to the filters it was made with. */
function fingerprint(query: MemberListQuery): string {
  const { search, type, role, status, limit } = query;
  return createHash('sha256')
    .update(JSON.stringify([search?.trim().toLowerCase() ?? '', type ?? '', role ?? '', status ?? '', limit ?? '']))
    .digest('hex')
    .slice(0, 16);
}

function encodeCursor(offset: number, query: MemberListQuery): string {
  return Buffer.from(`${offset}:${fingerprint(query)}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, query: MemberListQuery): number {
  const [offset, print] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const value = Number(offset);
  if (!Number.isInteger(value) || value < 0 || print !== fingerprint(query)) {
    throw new AppError('validation', 'nextId: not a cursor of this listing; repeat the request that returned it with the same query parameters');
  }
  return value;
}

/** Members and pending invites, oldest first; `limit` pages with an opaque `nextId` cursor. */
export async function listMembers(ctx: ServiceContext, query: MemberListQuery): Promise<AccountMembersList> {
  if (query.nextId !== undefined && query.limit === undefined) {
    throw new AppError('validation', 'nextId: is only accepted together with limit');
  }
  const now = ctx.clock.now();
  const inviter = await inviterEmailOf(ctx.db, ctx.accountId);
  const items = (await listMembersOfAccount(ctx.db, ctx.accountId))
    .map((row) => toListItem(row, inviter, now))
    .filter((item) => matches(item, query));
  if (query.limit === undefined) return { members: items, length: items.length, nextId: null };
  const start = query.nextId === undefined ? 0 : decodeCursor(query.nextId, query);
  const page = items.slice(start, start + query.limit);
  const end = start + page.length;
  return { members: page, length: page.length, nextId: end < items.length ? encodeCursor(end, query) : null };
}
