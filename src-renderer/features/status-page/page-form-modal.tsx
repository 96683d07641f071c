import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelledOptions } from '../../lib/labels';
import { STATUS_PAGE_THEMES, type StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, toFormErrors } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { CardFields } from './card-fields';
import { initialPageValues, newCard, toPageBody, validatePageForm, type PageFormValues } from './page-form-model';

interface PageFormModalProps {
  /** The page being edited; undefined to create one. */
  page?: StatusPageView;
  onClose: () => void;
}

/** Creates or edits a status page with its cards; mount it only while it is open. */
export function PageFormModal({ page, onClose }: PageFormModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const services = useQuery(trpc.statusPages.services.list.queryOptions({ paginated: false }));
  const form = useForm<PageFormValues>({
    initialValues: initialPageValues(page),
    validate: (values) => toFormErrors(validatePageForm(values, page)),
  });
  const done = async (saved: StatusPageView, title: string) => {
    notifications.show({ color: 'teal', title, message: saved.published ? `“${saved.name}” is public at /status/${saved.url}.` : `“${saved.name}” is saved (not published).` });
    onClose();
    await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
  };
  const create = useMutation(trpc.statusPages.pages.create.mutationOptions({ onSuccess: (saved) => done(saved, 'Status page created') }));
  const update = useMutation(trpc.statusPages.pages.update.mutationOptions({ onSuccess: (saved) => done(saved, 'Status page saved') }));
  const saving = page ? update : create;
  const serviceOptions = (services.data?.entries ?? []).map((service) => ({ value: service.id, label: service.name }));
  const label = page ? `Edit status page ${page.name}` : 'New status page';

  const submit = (values: PageFormValues) => {
    const body = toPageBody(values, page);
    if (page) update.mutate({ id: page.id, body });
    else create.mutate(body);
  };

  return (
    <Modal opened onClose={onClose} title={page ? 'Edit status page' : 'New status page'} size="xl" centered>
      <form onSubmit={form.onSubmit(submit)} aria-label={label} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" placeholder="e.g. Acme status" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label="URL"
              description={`The page's slug: lower-case letters, digits and hyphens; unique. Public address: /status/${form.values.url.trim() || '<url>'}`}
              placeholder="acme-status"
              withAsterisk
              {...form.getInputProps('url')}
            />
            <TextInput label="Custom domain" placeholder="status.example.com (optional)" {...form.getInputProps('customDomain')} />
            <Select label="Theme" data={labelledOptions(STATUS_PAGE_THEMES)} allowDeselect={false} {...form.getInputProps('defaultTheme')} />
          </SimpleGrid>
          <Switch
            label="Published"
            description="Anyone can open a published page without a key. Unpublished, its address answers 404."
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <Text fw={500} size="sm">
            Cards
          </Text>
          {form.values.cards.length === 0 && (
            <Text size="sm" c="dimmed">
              No cards: the page shows no services until you add one.
            </Text>
          )}
          {form.values.cards.map((card, index) => (
            <CardFields key={card.key} form={form} index={index} serviceOptions={serviceOptions} />
          ))}
          <Group>
            <Button variant="default" size="xs" onClick={() => form.insertListItem('cards', newCard())}>
              Add card
            </Button>
          </Group>
          <FormAlerts
            schemaError={form.errors[SCHEMA_ERROR_KEY]}
            serverError={saving.error ? errorMessage(saving.error) : null}
            serverTitle={page ? 'The status page was not saved' : 'The status page was not created'}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {page ? 'Save page' : 'Create page'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
