import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DenseTable } from '../../components/dense-table';
import { EditIcon } from '../../components/edit-icon';
import { LinkIcon } from './link-icon';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { useTRPC } from '../../lib/trpc';
import { AddServiceForm } from './add-service-form';
import { DeleteServiceModal } from './delete-service-modal';
import { formatWhen } from './incident-display';
import { RenameServiceModal } from './rename-service-modal';
import { ServiceChecksModal } from './service-checks-modal';

interface ServiceRef {
  id: string;
  name: string;
}

export function ServicesPanel() {
  const trpc = useTRPC();
  const services = useQuery(trpc.statusPages.services.list.queryOptions({ limit: 100 }));
  const links = useQuery(trpc.statusPages.services.checkLinks.queryOptions());
  const [renaming, setRenaming] = useState<ServiceRef | null>(null);
  const [deleting, setDeleting] = useState<ServiceRef | null>(null);
  const [linking, setLinking] = useState<ServiceRef | null>(null);
  const checksOf = (serviceId: string) => links.data?.services.find((entry) => entry.serviceId === serviceId)?.checks ?? [];

  return (
    <Stack gap="sm">
      <Title order={3}>Services</Title>
      <Text size="sm" c="dimmed">
        The parts of your product the status page reports on; incidents name the services they affect. Link checks to a service to give it uptime bars and
        a live state on public pages.
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
        <DenseTable label="Services" columns={['Name', 'Checks', 'Created']} highlightOnHover={false} verticalSpacing={4} maw={960}>
          {services.data.entries.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td fw={500}>{service.name}</Table.Td>
              <Table.Td c={checksOf(service.id).length === 0 ? 'dimmed' : undefined}>
                {checksOf(service.id).map((check) => check.name).join(', ') || 'No checks'}
              </Table.Td>
              <Table.Td c="dimmed">{formatWhen(service.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  <RowAction tooltip="Link checks" label={`Link checks to ${service.name}`} icon={<LinkIcon />} onClick={() => setLinking(service)} />
                  <RowAction tooltip="Rename service" label={`Rename ${service.name}`} icon={<EditIcon />} onClick={() => setRenaming(service)} />
                  <RowAction tooltip="Delete service" label={`Delete ${service.name}`} icon={<TrashIcon />} color="red" onClick={() => setDeleting(service)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      )}
      {renaming && <RenameServiceModal key={renaming.id} service={renaming} onClose={() => setRenaming(null)} />}
      <DeleteServiceModal service={deleting} onClose={() => setDeleting(null)} />
      {linking && links.data && (
        <ServiceChecksModal key={linking.id} service={linking} linked={checksOf(linking.id)} checks={links.data.checks} onClose={() => setLinking(null)} />
      )}
    </Stack>
  );
}
