import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SEVERITIES } from '../../../src-shared/enums';
import { labelledOptions } from '../../lib/labels';
import { FormAlerts } from '../../components/form-alerts';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, toFormErrors } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_INCIDENT_FORM_VALUES, toIncidentBody, validateIncidentForm, type IncidentFormValues } from './incident-form-model';
import { ProgressSelect } from './progress-select';

export function NewIncidentPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const services = useQuery(trpc.statusPages.services.list.queryOptions({ limit: 100 }));
  const form = useForm<IncidentFormValues>({ initialValues: INITIAL_INCIDENT_FORM_VALUES, validate: (values) => toFormErrors(validateIncidentForm(values, services.data?.entries ?? [])) });
  const create = useMutation(
    trpc.statusPages.incidents.create.mutationOptions({
      onSuccess: async (incident) => {
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
        notifications.show({ color: 'teal', title: 'Incident opened', message: `Post updates to “${incident.name}” as you learn more.` });
        await navigate(`/status-page/incidents/${incident.id}`);
      },
    }),
  );
  const serviceOptions = (services.data?.entries ?? []).map((service) => ({ value: service.id, label: service.name }));

  return (
    <>
      <PageHeader title="New incident" description="Tell subscribers what is affected and what you know so far." />
      <form onSubmit={form.onSubmit((values) => create.mutate(toIncidentBody(values, services.data?.entries ?? [])))} aria-label="New incident" noValidate>
        <Stack gap="md" maw={720}>
          <TextInput label="Name" placeholder="e.g. Elevated API error rates" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Severity" data={labelledOptions(SEVERITIES)} allowDeselect={false} {...form.getInputProps('severity')} />
            <MultiSelect
              label="Services"
              description={serviceOptions.length === 0 && !services.isPending ? 'Add a service on the Status page first.' : 'The services this incident affects.'}
              data={serviceOptions}
              searchable
              withAsterisk
              {...form.getInputProps('serviceIds')}
            />
          </SimpleGrid>
          <Textarea label="First update" placeholder="We are investigating…" autosize minRows={3} withAsterisk {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ProgressSelect inputProps={form.getInputProps('status')} />
            <Switch label="Notify subscribers" mt="lg" {...form.getInputProps('notifySubscribers', { type: 'checkbox' })} />
          </SimpleGrid>
          <FormAlerts schemaError={form.errors[SCHEMA_ERROR_KEY]} serverError={create.error ? errorMessage(create.error) : null} serverTitle="The server did not open the incident" />
          <Group gap="sm">
            <Button type="submit" loading={create.isPending}>
              Open incident
            </Button>
            <Button variant="default" onClick={() => void navigate('/status-page')}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
