import { AppError } from '../../core/errors';
import type { Principal } from './principal';

/**
 * Paths naming an account (/v1/accounts/{accountId}/...) must name the key's own account: a key
 * belongs to one account, like the account header, so any other id answers 403.
 */
export function assertSameAccount(principal: Principal, accountId: string): void {
  if (accountId !== principal.accountId) throw AppError.forbidden();
}
