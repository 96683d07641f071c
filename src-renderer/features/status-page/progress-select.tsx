import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { INCIDENT_PROGRESS } from '../../../src-shared/schemas/status-page';
import { PROGRESS_LABELS } from './incident-display';

const OPTIONS = INCIDENT_PROGRESS.map((progress) => ({ value: progress, label: PROGRESS_LABELS[progress] }));

/** INVESTIGATING → IDENTIFIED → MONITORING → RESOLVED, in that order. */
export function ProgressSelect({ inputProps, label = 'Progress' }: { inputProps: GetInputPropsReturnType; label?: string }) {
  return <Select label={label} data={OPTIONS} allowDeselect={false} {...inputProps} />;
}
