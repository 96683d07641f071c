import type { Role } from '../../../src-shared/schemas/account';

/** Who is calling: the account a key or launch token belongs to, and the role it acts with. */
export interface Principal {
  accountId: string;
  role: Role;
  /** The member holding the key; absent for the console's launch token, which acts as an owner. */
  memberId?: string | null;
}
