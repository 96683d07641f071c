import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isRunType, RUN_TYPE_NAMES, type RunType } from '../../../src-shared/check-types';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { CONSOLE_CHECK_TYPES } from '../check-types';
import type { ConsoleCheckType, PatchOf } from '../check-types/console-check-type';

/** A PUT for one of the check types the console edits; the checkType picks the procedure. */
export type CheckUpdate = { [K in RunType]: { checkType: K; id: string; patch: PatchOf<K> } }[RunType];

/** The console edits every check type that runs here. */
export const EDITABLE_CHECK_TYPES = RUN_TYPE_NAMES;
export type EditableCheckType = RunType;

export function isEditableCheckType(checkType: string): checkType is EditableCheckType {
  return isRunType(checkType);
}

export function useUpdateCheck() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CheckUpdate) => {
      // Each entry takes its own type's patch; the compiler does not follow update.checkType to the entry it picks.
      const type = CONSOLE_CHECK_TYPES[update.checkType] as ConsoleCheckType<RunType>;
      return type.update(client, update.id, update.patch);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.checks.pathFilter());
      await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
      await queryClient.invalidateQueries(trpc.alerts.effectiveForCheck.pathFilter());
    },
  });
}
