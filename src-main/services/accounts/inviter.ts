import type { Db } from '../../db/connection';
import { findOwnerMember } from '../../db/repositories/accounts';
import { DEFAULT_OWNER_EMAIL } from './bootstrap';

export function inviterEmailOf(db: Db, accountId: string): string {
  return findOwnerMember(db, accountId)?.email ?? DEFAULT_OWNER_EMAIL;
}
