import type { ComponentType } from 'react';
import type { RunType, RunTypeModule } from '../../../src-shared/check-types';
import type { mutationFormState } from '../../lib/schema-form';
import type { RouterInputs, RouterOutputs, useTRPCClient } from '../../lib/trpc';
import type { CheckResultView } from '../results/result-display';

/** A PUT of one type as the console sends it (`checks.update{procedure}`). */
export type PatchOf<K extends RunType> = RouterInputs['checks'][`update${RunTypeModule<K>['procedure']}`]['patch'];

/** What every edit form shares: the submit button's label, cancel, and the save's state. */
export type SharedFormProps = { submitLabel: string; onCancel: () => void } & ReturnType<typeof mutationFormState>;

export interface EditFormProps<K extends RunType> extends SharedFormProps {
  id: string;
  /** The stored check, as `checks.get` returns it. */
  check: RouterOutputs['checks']['get'];
  /** The form's accessible name ("Edit ICMP monitor"). */
  label: string;
  onSave: (patch: PatchOf<K>) => void;
}

/**
 * One check type in the console: its "New …" page, its edit form, its result view and its PUT. Names
 * and paths come from its module in src-shared/check-types; each `<type>.tsx` here exports one and
 * `CONSOLE_CHECK_TYPES` lists them.
 */
export interface ConsoleCheckType<K extends RunType> {
  /** The page at `/monitors/new-{segment}`. */
  NewPage: ComponentType;
  EditForm: ComponentType<EditFormProps<K>>;
  /** Its part of a result's page; renders nothing for a result without its payload. */
  ResultView: ComponentType<{ result: CheckResultView }>;
  update(client: ReturnType<typeof useTRPCClient>, id: string, patch: PatchOf<K>): Promise<RouterOutputs['checks']['get']>;
}
