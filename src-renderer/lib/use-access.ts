import { useQuery } from '@tanstack/react-query';
import { roleAllows, WHAT_ROLE_MAY, WHO_MAY, type Access } from '../../src-shared/rules/access';
import { Role } from '../../src-shared/schemas/account';
import { useTRPC } from './trpc';

export interface KeyAccess {
  /** null until the server has said who holds the key. */
  role: Role | null;
  /** Whether the key may do `access`; false while the role is unknown, so nothing offered is then refused. */
  can: (access: Access) => boolean;
  /** Why the key may not do `access`, for a tooltip or a note beside a disabled control. */
  whyNot: (access: Access) => string;
}

/** The signed-in key's role, from the same table the server enforces (src-shared/rules/access.ts). */
export function useAccess(): KeyAccess {
  const trpc = useTRPC();
  const whoami = useQuery(trpc.accounts.whoami.queryOptions(undefined, { staleTime: 60_000 }));
  const parsed = Role.safeParse(whoami.data?.role);
  const role = parsed.success ? parsed.data : null;
  return {
    role,
    can: (access) => role !== null && roleAllows(role, access),
    whyNot: (access) => (role === null ? 'Checking what this key may do…' : `This ${role} key ${WHAT_ROLE_MAY[role]}; this needs ${WHO_MAY[access]}.`),
  };
}
