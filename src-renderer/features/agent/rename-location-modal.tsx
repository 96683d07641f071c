import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PrivateLocationUpdate } from '../../../src-shared/schemas/private-location';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import type { PrivateLocationItem } from './location-display';

interface RenameLocationModalProps {
  location: PrivateLocationItem | null;
  onClose: () => void;
}

/** Keyed by the location so each opening starts from its current name. */
export function RenameLocationModal({ location, onClose }: RenameLocationModalProps) {
  return (
    <Modal opened={location !== null} onClose={onClose} title="Rename private location" centered>
      {location && <RenameForm key={location.id} location={location} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ location, onClose }: { location: PrivateLocationItem; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: location.name },
    validate: (values) => toFormErrors(validateWithSchema(PrivateLocationUpdate, values, mirroredField)),
  });
  const rename = useMutation(
    trpc.privateLocations.update.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({ color: 'teal', title: 'Location renamed', message: `${saved.slugName} is now called ${saved.name}.` });
        await queryClient.invalidateQueries(trpc.privateLocations.pathFilter());
        onClose();
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => rename.mutate({ id: location.id, patch: { name: values.name, icon: location.icon, proxyUrl: location.proxyUrl } }))} aria-label="Rename private location" noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <FormAlerts serverError={rename.error ? errorMessage(rename.error) : null} serverTitle="The location was not renamed" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
