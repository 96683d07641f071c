import { Button, Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertSettings } from '../../../src-shared/schemas/check-common';
import { Gate } from '../../components/access';
import { FormAlerts } from '../../components/form-alerts';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, toFormErrors } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import {
  PARALLEL_PERCENTAGES,
  REMINDER_AMOUNTS,
  REMINDER_INTERVALS,
  RUN_THRESHOLDS,
  TIME_THRESHOLDS,
  alertSettingsValuesOf,
  toAlertSettingsBody,
  validateAlertSettings,
  type AlertSettingsValues,
} from './alert-settings-model';

export function AccountAlertSettingsPanel() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.alerts.getAccountAlertSettings.queryOptions());
  return (
    <Paper withBorder p="md">
      <Title order={3}>Account alert settings</Title>
      <Text size="sm" c="dimmed" mb="sm">
        When checks that use the account&apos;s alert settings raise an alert, and how often they remind.
      </Text>
      {settings.isPending && <LoadingBlock label="Loading alert settings" />}
      {settings.isError && <QueryError title="The alert settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <AlertSettingsForm stored={settings.data} />}
    </Paper>
  );
}

function AlertSettingsForm({ stored }: { stored: AlertSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<AlertSettingsValues>({
    initialValues: alertSettingsValuesOf(stored),
    validate: (values) => toFormErrors(validateAlertSettings(values, stored)),
  });
  const save = useMutation(
    trpc.alerts.setAccountAlertSettings.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Alert settings saved', message: 'Checks using the account settings follow them from their next run.' });
        await queryClient.invalidateQueries(trpc.alerts.getAccountAlertSettings.pathFilter());
      },
    }),
  );
  const submit = (values: AlertSettingsValues) => save.mutate(AlertSettings.parse(toAlertSettingsBody(values, stored)));

  return (
    <form onSubmit={form.onSubmit(submit)} aria-label="Account alert settings" noValidate>
      <Stack gap="sm">
        <Input.Wrapper label="Escalate" labelElement="div" labelProps={{ id: 'account-escalation-label' }}>
          <SegmentedControl
            display="flex"
            w={340}
            aria-labelledby="account-escalation-label"
            data={[
              { value: 'RUN_BASED', label: 'By failed runs' },
              { value: 'TIME_BASED', label: 'By time failing' },
            ]}
            value={form.values.escalationType}
            onChange={(value) => form.setFieldValue('escalationType', value as AlertSettingsValues['escalationType'])}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {form.values.escalationType === 'RUN_BASED' ? (
            <Select label="Alert after" data={RUN_THRESHOLDS} allowDeselect={false} {...form.getInputProps('failedRunThreshold')} />
          ) : (
            <Select label="Alert after" data={TIME_THRESHOLDS} allowDeselect={false} {...form.getInputProps('minutesFailingThreshold')} />
          )}
          <Select label="Reminders" data={REMINDER_AMOUNTS} allowDeselect={false} {...form.getInputProps('reminderAmount')} />
          <Select label="Reminder interval" data={REMINDER_INTERVALS} allowDeselect={false} {...form.getInputProps('reminderInterval')} />
        </SimpleGrid>
        <Group align="flex-end" gap="md">
          <Switch label="Parallel-run threshold" mb={8} {...form.getInputProps('parallelEnabled', { type: 'checkbox' })} />
          <Select
            label="Alert when failing in"
            data={PARALLEL_PERCENTAGES}
            allowDeselect={false}
            w={220}
            disabled={!form.values.parallelEnabled}
            {...form.getInputProps('parallelPercentage')}
          />
        </Group>
        <FormAlerts schemaError={form.errors[SCHEMA_ERROR_KEY]} serverError={save.error ? errorMessage(save.error) : null} serverTitle="The alert settings were not saved" />
        <Group>
          <Gate access="write">
            <Button type="submit" loading={save.isPending}>
              Save alert settings
            </Button>
          </Gate>
        </Group>
      </Stack>
    </form>
  );
}
