import type { Role } from '../schemas/account';

/**
 * What an operation needs, from least to most:
 * read (GET/HEAD, tRPC queries) < run (trigger or cancel runs of stored checks) < write (change
 * monitors, groups, channels, incidents..., and run code that is no stored check: `checkly test`,
 * "Run once without saving") < admin (members, API keys, the plan). The server enforces it; the
 * console uses the same table to hide or disable what a key may not do.
 */
export type Access = 'read' | 'run' | 'write' | 'admin';

const RANK: Record<Access, number> = { read: 0, run: 1, write: 2, admin: 3 };

/** The most each role may do. */
export const ROLE_ACCESS: Record<Role, Access> = {
  OWNER: 'admin',
  ADMIN: 'admin',
  READ_WRITE: 'write',
  READ_RUN: 'run',
  READ_ONLY: 'read',
};

export function roleAllows(role: Role, access: Access): boolean {
  return RANK[ROLE_ACCESS[role]] >= RANK[access];
}

export const WHAT_ROLE_MAY: Record<Role, string> = {
  OWNER: 'may do everything',
  ADMIN: 'may do everything',
  READ_WRITE: 'may read and change monitors, groups, channels and incidents',
  READ_RUN: 'may only read and trigger runs of stored checks',
  READ_ONLY: 'may only read',
};

export const WHO_MAY: Record<Access, string> = {
  read: 'any key',
  run: 'a READ_RUN, READ_WRITE, ADMIN or OWNER key',
  write: 'a READ_WRITE, ADMIN or OWNER key',
  admin: 'an ADMIN or OWNER key (members, API keys and the plan)',
};
