import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { HeartbeatCheckCreateInput } from '../../../src-shared/schemas/heartbeat-check';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { HEARTBEAT_FIELD_LABELS, HEARTBEAT_UNITS, toHeartbeatCreateBody, validateHeartbeatForm, type HeartbeatFormValues, type HeartbeatUnit } from './heartbeat-form-model';

type HeartbeatMonitorFormProps = EntityFormProps<HeartbeatFormValues, HeartbeatCheckCreateInput>;

const UNIT_OPTIONS = HEARTBEAT_UNITS.map((unit) => ({ value: unit, label: unit }));

export function HeartbeatMonitorForm(props: HeartbeatMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<HeartbeatFormValues>({ initialValues, validate: (values) => toFormErrors(validateHeartbeatForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toHeartbeatCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={HEARTBEAT_FIELD_LABELS.name} description="Shown in lists and in alerts." placeholder="e.g. Nightly backup" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={HEARTBEAT_FIELD_LABELS.period} description="How often the job runs: 30 seconds to 365 days." withAsterisk min={0} {...form.getInputProps('period')} />
          <Select label={HEARTBEAT_FIELD_LABELS.periodUnit} data={UNIT_OPTIONS} allowDeselect={false} value={form.values.periodUnit} onChange={(value) => form.setFieldValue('periodUnit', (value ?? 'minutes') as HeartbeatUnit)} error={form.errors.periodUnit} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={HEARTBEAT_FIELD_LABELS.grace} description="How late a ping may be before the monitor fails." withAsterisk min={0} {...form.getInputProps('grace')} />
          <Select label={HEARTBEAT_FIELD_LABELS.graceUnit} data={UNIT_OPTIONS} allowDeselect={false} value={form.values.graceUnit} onChange={(value) => form.setFieldValue('graceUnit', (value ?? 'minutes') as HeartbeatUnit)} error={form.errors.graceUnit} />
        </SimpleGrid>
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
