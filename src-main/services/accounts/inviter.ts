import type { Db } from '../../db/connection';
import { findOwnerMember } from '../../db/repositories/accounts';

export function inviterEmailOf(db: Db, accountId: string): string {
  return findOwnerMember(db, accountId)?.email ?? 'owner@localhost';
}
