import { NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GROUP_LABELS, GROUP_RETRY_OPTIONS, type GroupFormValues } from './group-form-model';
import { retryFitLine, type MemberCheck } from './retry-fit-line';

export function GroupRetryFields({ form, members }: { form: UseFormReturnType<GroupFormValues>; members: readonly MemberCheck[] }) {
  const ownStrategy = form.values.retryType !== 'FALLBACK';
  const single = form.values.retryType === 'SINGLE_RETRY';
  const fitLine = ownStrategy ? retryFitLine(form.values, members) : null;
  return (
    <Stack gap="xs">
      <Select
        label={GROUP_LABELS.retryType}
        description="How failed runs of the group's checks are retried."
        data={GROUP_RETRY_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps('retryType')}
      />
      {ownStrategy && (
        <SimpleGrid cols={{ base: 1, sm: single ? 2 : 3 }}>
          <NumberInput label={GROUP_LABELS.baseBackoffSeconds} min={0} clampBehavior="none" allowDecimal={false} {...form.getInputProps('baseBackoffSeconds')} />
          {!single && <NumberInput label={GROUP_LABELS.maxRetries} description="1–10." allowDecimal={false} {...form.getInputProps('maxRetries')} />}
          <NumberInput label={GROUP_LABELS.maxDurationSeconds} description="0–600." allowDecimal={false} {...form.getInputProps('maxDurationSeconds')} />
        </SimpleGrid>
      )}
      {ownStrategy && <Switch label="Retry from the same location" {...form.getInputProps('sameRegion', { type: 'checkbox' })} />}
      {fitLine && (
        <Text size="sm" c="dimmed" data-testid="retry-fit">
          {fitLine}
        </Text>
      )}
    </Stack>
  );
}
