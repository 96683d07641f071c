import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { formatDuration, formatWhen } from './incident-display';
import { ProgressBadge } from './progress-badge';
import { SeverityBadge } from './severity-badge';

const COLUMNS = ['Name', 'Severity', 'Progress', 'Services', 'Opened', 'Duration'];

export function IncidentsPanel() {
  const trpc = useTRPC();
  const incidents = useQuery(trpc.statusPages.incidents.list.queryOptions({ limit: 100 }));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Incidents</Title>
        <Button component={Link} to="/status-page/incidents/new">
          New incident
        </Button>
      </Group>
      {incidents.isPending && <LoadingBlock label="Loading incidents" />}
      {incidents.isError && <QueryError title="Incidents could not be loaded" error={incidents.error} onRetry={() => void incidents.refetch()} />}
      {incidents.data && incidents.data.entries.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No incidents. When something breaks, open one here and keep subscribers informed with updates.
        </Text>
      )}
      {incidents.data && incidents.data.entries.length > 0 && (
        <DenseTable label="Incidents" columns={COLUMNS} hiddenColumn={null} verticalSpacing={4}>
          {incidents.data.entries.map((incident) => (
            <Table.Tr key={incident.id}>
              <Table.Td>
                <Anchor component={Link} to={`/status-page/incidents/${incident.id}`} size="sm" fw={500}>
                  {incident.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <SeverityBadge severity={incident.severity} />
              </Table.Td>
              <Table.Td>
                <ProgressBadge progress={incident.lastUpdateStatus} />
              </Table.Td>
              <Table.Td>{incident.services.map((service) => service.name).join(', ')}</Table.Td>
              <Table.Td c="dimmed">{formatWhen(incident.created_at)}</Table.Td>
              <Table.Td>{incident.duration === null ? <Text size="sm" c="dimmed">open</Text> : formatDuration(incident.duration)}</Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      )}
    </Stack>
  );
}
