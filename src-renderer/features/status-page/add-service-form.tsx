import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ServiceCreate } from '../../../src-shared/schemas/status-page';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';

export function AddServiceForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => toFormErrors(validateWithSchema(ServiceCreate, values, mirroredField, { name: 'Service name' })),
  });
  const create = useMutation(
    trpc.statusPages.services.create.mutationOptions({
      onSuccess: async (service) => {
        form.reset();
        notifications.show({ color: 'teal', title: 'Service added', message: `“${service.name}” can now be named in incidents.` });
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate({ name: values.name.trim() }))} aria-label="Add service" noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput aria-label="Service name" placeholder="e.g. Public API" w={320} {...form.getInputProps('name')} />
        <Button type="submit" loading={create.isPending}>
          Add service
        </Button>
      </Group>
      <FormAlerts serverError={create.error ? errorMessage(create.error) : null} serverTitle="The service was not added" />
    </form>
  );
}
