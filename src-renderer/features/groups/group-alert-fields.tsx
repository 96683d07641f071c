import { SegmentedControl, Select, SimpleGrid, Stack, Switch, Input } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { GroupFormValues } from './group-form-model';

const options = (values: readonly number[], unit: (n: number) => string) => values.map((n) => ({ value: String(n), label: unit(n) }));
const RUN_THRESHOLDS = options([1, 2, 3, 4, 5], (n) => (n === 1 ? 'After 1 failed run' : `After ${n} failed runs`));
const TIME_THRESHOLDS = options([5, 10, 15, 30], (n) => `After ${n} minutes failing`);
const REMINDER_AMOUNTS = options([0, 1, 2, 3, 4, 5, 100000], (n) => (n === 0 ? 'No reminders' : n === 100000 ? 'Until resolved' : `${n}`));
const REMINDER_INTERVALS = options([1, 2, 3, 4, 5, 10, 15, 30], (n) => `Every ${n} min`);

/** The basics of a group's alert settings; the rest (SSL, parallel-run thresholds) keep their stored values. */
export function GroupAlertFields({ form }: { form: UseFormReturnType<GroupFormValues> }) {
  const own = !form.values.useGlobalAlertSettings;
  return (
    <Stack gap="xs">
      <Switch
        label="Use the account's alert settings"
        description="Turn off to give this group's checks their own escalation and reminders."
        {...form.getInputProps('useGlobalAlertSettings', { type: 'checkbox' })}
      />
      {own && (
        <>
          <Input.Wrapper label="Escalate" labelElement="div" labelProps={{ id: 'escalation-label' }}>
            <SegmentedControl
              aria-labelledby="escalation-label"
              data={[
                { value: 'RUN_BASED', label: 'By failed runs' },
                { value: 'TIME_BASED', label: 'By time failing' },
              ]}
              value={form.values.escalationType}
              onChange={(value) => form.setFieldValue('escalationType', value as GroupFormValues['escalationType'])}
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {form.values.escalationType === 'RUN_BASED' ? (
              <Select label="Alert" data={RUN_THRESHOLDS} allowDeselect={false} {...form.getInputProps('failedRunThreshold')} />
            ) : (
              <Select label="Alert" data={TIME_THRESHOLDS} allowDeselect={false} {...form.getInputProps('minutesFailingThreshold')} />
            )}
            <Select label="Reminders" data={REMINDER_AMOUNTS} allowDeselect={false} {...form.getInputProps('reminderAmount')} />
            <Select label="Reminder interval" data={REMINDER_INTERVALS} allowDeselect={false} {...form.getInputProps('reminderInterval')} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
