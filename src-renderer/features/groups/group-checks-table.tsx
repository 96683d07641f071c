import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { toMonitorRow, type CheckListItem } from '../monitors/check-display';
import { frequencyShort } from '../monitors/frequency';
import { MonitorStatusBadge } from '../monitors/monitor-status-badge';
import { humanLabel } from '../../lib/labels';

/** The group's checks with the group's settings applied (state, as the server resolves it). */
const COLUMNS = ['Name', 'Type', 'Target', 'Frequency', 'Status'];

export function GroupChecksTable({ checks }: { checks: readonly CheckListItem[] }) {
  return (
    <DenseTable label="Checks in this group" columns={COLUMNS} hiddenColumn={null} highlightOnHover={false}>
      {checks.map(toMonitorRow).map((check) => (
        <Table.Tr key={check.id}>
          <Table.Td>
            <Anchor component={Link} to={`/monitors/${check.id}`} size="sm" fw={500}>
              {check.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="default" radius="xs">
              {humanLabel(check.checkType)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text ff="monospace" size="sm" truncate maw={260}>
              {check.target}
            </Text>
          </Table.Td>
          <Table.Td>{check.frequency === null ? '—' : frequencyShort(check.frequency, check.frequencyOffset)}</Table.Td>
          <Table.Td>
            <MonitorStatusBadge activated={check.activated} muted={check.muted} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
