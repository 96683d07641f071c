import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlanUpdate } from '../../../src-shared/schemas/account';
import { Gate } from '../../components/access';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';

interface PlanLimitFormProps {
  maxChecks: number | null;
  checkCount: number | null;
}

interface PlanValues {
  unlimited: boolean;
  maxChecks: number | string;
}

const toBody = (values: PlanValues) => ({ maxChecks: values.unlimited || values.maxChecks === '' ? null : Number(values.maxChecks) });

export function PlanLimitForm({ maxChecks, checkCount }: PlanLimitFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PlanValues>({
    initialValues: { unlimited: maxChecks === null, maxChecks: maxChecks ?? checkCount ?? 10 },
    validate: (values) => toFormErrors(validateWithSchema(PlanUpdate, toBody(values), mirroredField, { maxChecks: 'Maximum checks' })),
  });
  const save = useMutation(
    trpc.accounts.setPlan.mutationOptions({
      onSuccess: async (account) => {
        notifications.show({ color: 'teal', title: 'Plan limit saved', message: `The plan is now ${account.planDisplayName}.` });
        await queryClient.invalidateQueries(trpc.accounts.pathFilter());
      },
    }),
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => save.mutate(toBody(values)))} aria-label="Plan limit" noValidate>
        <Stack gap="sm">
          <Title order={3}>Plan limit</Title>
          <Text size="sm" c="dimmed">
            The most checks this account may hold. Lowering it deletes nothing; creating more than the limit is refused.
            {checkCount !== null && ` The account has ${checkCount} ${checkCount === 1 ? 'check' : 'checks'} now.`}
          </Text>
          <Switch label="Unlimited" {...form.getInputProps('unlimited', { type: 'checkbox' })} />
          <Group align="flex-end" gap="sm">
            <NumberInput label="Maximum checks" min={0} clampBehavior="none" allowDecimal={false} w={200} disabled={form.values.unlimited} {...form.getInputProps('maxChecks')} />
            <Gate access="admin">
              <Button type="submit" loading={save.isPending}>
                Save limit
              </Button>
            </Gate>
          </Group>
          <FormAlerts serverError={save.error ? errorMessage(save.error) : null} serverTitle="The plan limit was not saved" />
        </Stack>
      </form>
    </Paper>
  );
}
