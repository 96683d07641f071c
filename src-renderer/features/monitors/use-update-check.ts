import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient, type RouterInputs } from '../../lib/trpc';

type Patch<P extends 'updateIcmp' | 'updateTraceroute' | 'updateMultiStep'> = RouterInputs['checks'][P]['patch'];

/** A PUT for one of the check types the console edits; the checkType picks the procedure. */
export type CheckUpdate =
  | { checkType: 'ICMP'; id: string; patch: Patch<'updateIcmp'> }
  | { checkType: 'TRACEROUTE'; id: string; patch: Patch<'updateTraceroute'> }
  | { checkType: 'MULTI_STEP'; id: string; patch: Patch<'updateMultiStep'> };

export const EDITABLE_CHECK_TYPES = ['ICMP', 'TRACEROUTE', 'MULTI_STEP'] as const;
export type EditableCheckType = (typeof EDITABLE_CHECK_TYPES)[number];

export function isEditableCheckType(checkType: string): checkType is EditableCheckType {
  return (EDITABLE_CHECK_TYPES as readonly string[]).includes(checkType);
}

export function useUpdateCheck() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CheckUpdate) => {
      switch (update.checkType) {
        case 'ICMP':
          return client.checks.updateIcmp.mutate({ id: update.id, patch: update.patch });
        case 'TRACEROUTE':
          return client.checks.updateTraceroute.mutate({ id: update.id, patch: update.patch });
        case 'MULTI_STEP':
          return client.checks.updateMultiStep.mutate({ id: update.id, patch: update.patch });
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.checks.pathFilter());
      await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
      await queryClient.invalidateQueries(trpc.alerts.effectiveForCheck.pathFilter());
    },
  });
}
