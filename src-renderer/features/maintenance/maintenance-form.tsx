import { Button, Group, NumberInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import { FormAlerts } from '../../components/form-alerts';
import { SCHEMA_ERROR_KEY, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { MaintenanceTargetsPicker } from './maintenance-targets-picker';
import { bodyOf, MAINTENANCE_LABELS, maintenanceField, type MaintenanceValues } from './maintenance-form-model';

interface MaintenanceFormProps {
  label: string;
  initialValues: MaintenanceValues;
  kept?: Pick<MaintenanceWindowCreate, 'checkIds'>;
  submitLabel: string;
  submitting: boolean;
  serverError: string | null;
  onSubmit: (body: MaintenanceWindowCreate) => void;
  onCancel: () => void;
  /** Told when the tag field gains or loses focus: the dialog keeps Escape for itself only while it has none. */
  onTagFieldFocus?: (focused: boolean) => void;
}

const REPEATS = [
  { value: 'NONE', label: 'Once' },
  { value: 'DAY', label: 'Daily' },
  { value: 'WEEK', label: 'Weekly' },
  { value: 'MONTH', label: 'Monthly' },
];

/** One-off or recurring window; validated by the API's own schema, so the messages are the ones a 400 would give. */
export function MaintenanceForm({ label, initialValues, kept, submitLabel, submitting, serverError, onSubmit, onCancel, onTagFieldFocus }: MaintenanceFormProps) {
  const form = useForm<MaintenanceValues>({
    initialValues,
    validate: (values) => toFormErrors(validateWithSchema(MaintenanceWindowCreate, bodyOf(values, kept), maintenanceField, MAINTENANCE_LABELS)),
  });
  const repeats = form.values.repeat !== 'NONE';
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(bodyOf(values, kept)))} aria-label={label} noValidate>
      <Stack gap="sm">
        <TextInput label={MAINTENANCE_LABELS.name} placeholder="e.g. Database upgrade" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TagsInput
          label={MAINTENANCE_LABELS.tags}
          description="Monitors with any of these tags (their group's tags count) are not scheduled during the window. Press Enter after each tag."
          placeholder="database"
          {...form.getInputProps('tags')}
          // While the tag field has focus, Escape does not close the dialog (and lose what was typed in it).
          onFocus={() => onTagFieldFocus?.(true)}
          onBlur={() => onTagFieldFocus?.(false)}
        />
        <MaintenanceTargetsPicker checkIds={form.getInputProps('checkIds')} groupIds={form.getInputProps('groupIds')} />
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label={MAINTENANCE_LABELS.startsAt} withAsterisk {...form.getInputProps('startsAt')} />
          <TextInput type="datetime-local" label={MAINTENANCE_LABELS.endsAt} withAsterisk {...form.getInputProps('endsAt')} />
        </Group>
        <Group grow align="flex-start">
          <Select label={MAINTENANCE_LABELS.repeat} data={REPEATS} allowDeselect={false} {...form.getInputProps('repeat')} />
          {repeats && <NumberInput label={MAINTENANCE_LABELS.repeatInterval} description="days, weeks or months" min={1} max={365} {...form.getInputProps('repeatInterval')} />}
          {repeats && <TextInput type="datetime-local" label={MAINTENANCE_LABELS.repeatEndsAt} description="Empty: repeats for ever" {...form.getInputProps('repeatEndsAt')} />}
        </Group>
        <FormAlerts schemaError={form.errors[SCHEMA_ERROR_KEY]} serverError={serverError} serverTitle="The window was not saved" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
