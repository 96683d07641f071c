import { ActionIcon, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EditIcon } from '../../components/edit-icon';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { TrashIcon } from '../../components/trash-icon';
import { useTRPC } from '../../lib/trpc';
import { AddServiceForm } from './add-service-form';
import { DeleteServiceModal } from './delete-service-modal';
import { formatWhen } from './incident-display';
import { RenameServiceModal } from './rename-service-modal';

interface ServiceRef {
  id: string;
  name: string;
}

export function ServicesPanel() {
  const trpc = useTRPC();
  const services = useQuery(trpc.statusPages.services.list.queryOptions({ limit: 100 }));
  const [renaming, setRenaming] = useState<ServiceRef | null>(null);
  const [deleting, setDeleting] = useState<ServiceRef | null>(null);

  return (
    <Stack gap="sm">
      <Title order={3}>Services</Title>
      <Text size="sm" c="dimmed">
        The parts of your product the status page reports on; incidents name the services they affect.
      </Text>
      <AddServiceForm />
      {services.isPending && <LoadingBlock label="Loading services" />}
      {services.isError && <QueryError title="Services could not be loaded" error={services.error} onRetry={() => void services.refetch()} />}
      {services.data && services.data.entries.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No services yet — add one above before opening an incident.
        </Text>
      )}
      {services.data && services.data.entries.length > 0 && (
        <Table striped verticalSpacing={4} fz="sm" aria-label="Services" maw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.data.entries.map((service) => (
              <Table.Tr key={service.id}>
                <Table.Td fw={500}>{service.name}</Table.Td>
                <Table.Td c="dimmed">{formatWhen(service.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Rename service" withArrow>
                      <ActionIcon variant="subtle" aria-label={`Rename ${service.name}`} onClick={() => setRenaming(service)}>
                        <EditIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete service" withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${service.name}`} onClick={() => setDeleting(service)}>
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {renaming && <RenameServiceModal key={renaming.id} service={renaming} onClose={() => setRenaming(null)} />}
      <DeleteServiceModal service={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
