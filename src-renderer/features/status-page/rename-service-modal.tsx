import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ServiceUpdate } from '../../../src-shared/schemas/status-page';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';

interface RenameServiceModalProps {
  service: { id: string; name: string } | null;
  onClose: () => void;
}

export function RenameServiceModal({ service, onClose }: RenameServiceModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: service?.name ?? '' },
    validate: (values) => toFormErrors(validateWithSchema(ServiceUpdate, values, mirroredField, { name: 'Name' })),
  });
  const rename = useMutation(
    trpc.statusPages.services.update.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({ color: 'teal', title: 'Service renamed', message: `It is now “${saved.name}”.` });
        onClose();
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <Modal opened={service !== null} onClose={onClose} title="Rename service" centered>
      <form onSubmit={form.onSubmit((values) => {
        if (service) rename.mutate({ id: service.id, body: { name: values.name.trim() } });
      })} noValidate>
        <Stack gap="md">
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          <FormAlerts serverError={rename.error ? errorMessage(rename.error) : null} serverTitle="The service was not renamed" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
