import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PrivateLocationCreate } from '../../../src-shared/schemas/private-location';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import type { PrivateLocationItem } from './location-display';

interface LocationValues {
  name: string;
  slugName: string;
  icon: string;
}

const bodyOf = (values: LocationValues) => ({ name: values.name, slugName: values.slugName.trim(), icon: values.icon.trim() || undefined });

interface NewLocationModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (location: PrivateLocationItem) => void;
}

export function NewLocationModal({ opened, onClose, onCreated }: NewLocationModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<LocationValues>({
    initialValues: { name: '', slugName: '', icon: '' },
    // The schema's messages already name the field (slugName must be …), so no labels are prefixed.
    validate: (values) => toFormErrors(validateWithSchema(PrivateLocationCreate, bodyOf(values), mirroredField)),
  });
  const create = useMutation(
    trpc.privateLocations.create.mutationOptions({
      onSuccess: async (location) => {
        form.reset();
        onCreated(location);
        await queryClient.invalidateQueries(trpc.privateLocations.pathFilter());
      },
    }),
  );
  const close = () => {
    create.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="New private location" centered>
      <form onSubmit={form.onSubmit((values) => create.mutate(bodyOf(values)))} aria-label="New private location" noValidate>
        <Stack gap="sm">
          <TextInput label="Name" placeholder="e.g. Office network" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Slug"
            description="What checks name in privateLocations; it never changes. Letters, digits and dashes."
            placeholder="office-net"
            withAsterisk
            {...form.getInputProps('slugName')}
          />
          <TextInput label="Icon (optional)" placeholder="location" {...form.getInputProps('icon')} />
          <FormAlerts schemaError={form.errors[SCHEMA_ERROR_KEY]} serverError={create.error ? errorMessage(create.error) : null} serverTitle="The location was not created" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create location
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
