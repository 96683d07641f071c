import { Button, Group, NumberInput, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import { FormAlerts } from '../../components/form-alerts';
import { SCHEMA_ERROR_KEY, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { MaintenanceTargetsPicker } from './maintenance-targets-picker';
import { reZoneInput, type ZoneMode } from '../../lib/date-time';
import { bodyOf, maintenanceField, maintenanceLabels, type MaintenanceValues } from './maintenance-form-model';

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
    validate: (values) => toFormErrors(validateWithSchema(MaintenanceWindowCreate, bodyOf(values, kept), maintenanceField, maintenanceLabels(values.zone))),
  });
  const zone = form.values.zone;
  const labels = maintenanceLabels(zone);
  // Typing in UTC instead (or back) keeps the moments typed: the inputs are rewritten in the new zone.
  const switchZone = (to: ZoneMode) => {
    const { startsAt, endsAt, repeatEndsAt } = form.getValues();
    form.setValues({ zone: to, startsAt: reZoneInput(startsAt, zone, to), endsAt: reZoneInput(endsAt, zone, to), repeatEndsAt: reZoneInput(repeatEndsAt, zone, to) });
  };
  const repeats = form.values.repeat !== 'NONE';
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(bodyOf(values, kept)))} aria-label={label} noValidate>
      <Stack gap="sm">
        <TextInput label={labels.name} placeholder="e.g. Database upgrade" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TagsInput
          label={labels.tags}
          description="Monitors with any of these tags (their group's tags count) are not scheduled during the window. Press Enter after each tag."
          placeholder="database"
          {...form.getInputProps('tags')}
          // While the tag field has focus, Escape does not close the dialog (and lose what was typed in it).
          onFocus={() => onTagFieldFocus?.(true)}
          onBlur={() => onTagFieldFocus?.(false)}
        />
        <MaintenanceTargetsPicker checkIds={form.getInputProps('checkIds')} groupIds={form.getInputProps('groupIds')} />
        <Switch size="xs" label="Type times in UTC" checked={zone === 'utc'} onChange={(event) => switchZone(event.currentTarget.checked ? 'utc' : 'local')} />
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label={labels.startsAt} withAsterisk {...form.getInputProps('startsAt')} />
          <TextInput type="datetime-local" label={labels.endsAt} withAsterisk {...form.getInputProps('endsAt')} />
        </Group>
        <Group grow align="flex-start">
          <Select label={labels.repeat} data={REPEATS} allowDeselect={false} {...form.getInputProps('repeat')} />
          {repeats && <NumberInput label={labels.repeatInterval} description="days, weeks or months" min={1} max={365} {...form.getInputProps('repeatInterval')} />}
          {repeats && <TextInput type="datetime-local" label={labels.repeatEndsAt} description="Empty: repeats for ever" {...form.getInputProps('repeatEndsAt')} />}
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
