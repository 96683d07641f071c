import { Button, Group, Stack, Switch, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INCIDENT_PROGRESS, IncidentUpdateCreate, type IncidentProgress } from '../../../src-shared/schemas/status-page';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { PROGRESS_LABELS } from './incident-display';
import { ProgressSelect } from './progress-select';

interface AddUpdateFormProps {
  incidentId: string;
  current: IncidentProgress;
}

/** The next step of INVESTIGATING → IDENTIFIED → MONITORING → RESOLVED, the likeliest next update. */
function nextProgress(current: IncidentProgress): IncidentProgress {
  return INCIDENT_PROGRESS[Math.min(INCIDENT_PROGRESS.indexOf(current) + 1, INCIDENT_PROGRESS.length - 1)];
}

interface UpdateValues {
  description: string;
  status: IncidentProgress;
  notifySubscribers: boolean;
}

export function AddUpdateForm({ incidentId, current }: AddUpdateFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<UpdateValues>({
    initialValues: { description: '', status: nextProgress(current), notifySubscribers: false },
    validate: (values) => toFormErrors(validateWithSchema(IncidentUpdateCreate, values, mirroredField, { description: 'Update' })),
  });
  const add = useMutation(
    trpc.statusPages.incidents.addUpdate.mutationOptions({
      onSuccess: async (update) => {
        form.setValues({ description: '', status: nextProgress(update.status), notifySubscribers: false });
        notifications.show({ color: 'teal', title: 'Update posted', message: `The incident is now ${PROGRESS_LABELS[update.status].toLowerCase()}.` });
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) => add.mutate({ incidentId, body: { ...values, description: values.description.trim() } }))}
      aria-label="Add update"
      noValidate
    >
      <Stack gap="sm" maw={720}>
        <Title order={4}>Add update</Title>
        <Textarea label="Update" placeholder="What changed, and what happens next" autosize minRows={2} withAsterisk {...form.getInputProps('description')} />
        <Group align="flex-end" gap="md">
          <ProgressSelect inputProps={form.getInputProps('status')} />
          <Switch label="Notify subscribers" mb={8} {...form.getInputProps('notifySubscribers', { type: 'checkbox' })} />
          <Button type="submit" loading={add.isPending}>
            Post update
          </Button>
        </Group>
        <FormAlerts serverError={add.error ? errorMessage(add.error) : null} serverTitle="The update was not posted" />
      </Stack>
    </form>
  );
}
