import { Anchor, Badge, Table } from '@mantine/core';
import { humanLabel } from '../../lib/labels';
import { Link } from 'react-router';
import type { IncidentProgress, IncidentSeverity } from '../../../src-shared/schemas/status-page';
import { DenseTable } from '../../components/dense-table';
import { PROGRESS_COLORS, PROGRESS_LABELS, SEVERITY_COLORS } from '../status-page/incident-display';
import { formatElapsed, useNow } from './elapsed';
import type { DashboardSummary } from './use-dashboard-summary';

const COLUMNS = ['Incident', 'Severity', 'Progress', 'Open for'];

/** Status-page incidents not resolved yet, newest first. */
export function OpenIncidents({ items }: { items: DashboardSummary['incidents']['items'] }) {
  const now = useNow();
  return (
    <DenseTable label="Open incidents" columns={COLUMNS} hiddenColumn={null} verticalSpacing={4}>
      {items.map((incident) => (
        <Table.Tr key={incident.id}>
          <Table.Td>
            <Anchor component={Link} to={`/status-page/incidents/${incident.id}`} size="sm" fw={500}>
              {incident.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light" color={SEVERITY_COLORS[incident.severity as IncidentSeverity] ?? 'gray'}>
              {humanLabel(incident.severity)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="dot" color={PROGRESS_COLORS[incident.status as IncidentProgress] ?? 'gray'}>
              {PROGRESS_LABELS[incident.status as IncidentProgress] ?? incident.status}
            </Badge>
          </Table.Td>
          <Table.Td>{formatElapsed(Date.parse(incident.createdAt), now)}</Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
