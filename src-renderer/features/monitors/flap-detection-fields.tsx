import { NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FLAP_LIMITS } from '../../../src-shared/rules/flapping';
import { FLAP_DEFAULTS_TEXT, FLAP_LABELS, type FlapFormField } from './flap-form-model';

interface FlapDetectionFieldsProps {
  inputProps: (field: FlapFormField) => GetInputPropsReturnType;
  /** Where a setting left empty comes from, e.g. "the group's setting, else the default". */
  inheritedFrom: string;
}

const ENABLED_OPTIONS = [
  { value: 'inherit', label: 'Inherited' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/** Flap detection of a monitor or a group (issue 30, item 3): on, off or inherited, and its three counts. */
export function FlapDetectionFields({ inputProps, inheritedFrom }: FlapDetectionFieldsProps) {
  const count = (field: 'flapChanges' | 'flapWindowRuns' | 'flapStableRuns', limits: { min: number; max: number }) => (
    <NumberInput label={FLAP_LABELS[field]} placeholder="Inherited" min={limits.min} max={limits.max} clampBehavior="none" allowDecimal={false} {...inputProps(field)} />
  );
  return (
    <Stack gap="xs">
      <Select
        label={FLAP_LABELS.flapEnabled}
        description={`Flapping: its state changed this many times within its last runs. One notification says so, then silence until its last runs agree. Inherited or empty: ${inheritedFrom} (${FLAP_DEFAULTS_TEXT}).`}
        data={ENABLED_OPTIONS}
        allowDeselect={false}
        {...inputProps('flapEnabled')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {count('flapChanges', FLAP_LIMITS.changes)}
        {count('flapWindowRuns', FLAP_LIMITS.windowRuns)}
        {count('flapStableRuns', FLAP_LIMITS.stableRuns)}
      </SimpleGrid>
    </Stack>
  );
}
