import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toMonitorRow, type CheckListItem } from '../monitors/check-display';
import { frequencyShort } from '../monitors/frequency';
import { MonitorStatusBadge } from '../monitors/monitor-status-badge';

/** The group's checks with the group's settings applied (state, as the server resolves it). */
export function GroupChecksTable({ checks }: { checks: readonly CheckListItem[] }) {
  return (
    <Table striped verticalSpacing={6} fz="sm" aria-label="Checks in this group">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Target</Table.Th>
          <Table.Th>Frequency</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {checks.map(toMonitorRow).map((check) => (
          <Table.Tr key={check.id}>
            <Table.Td>
              <Anchor component={Link} to={`/monitors/${check.id}`} size="sm" fw={500}>
                {check.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge size="sm" variant="default" radius="xs">
                {check.checkType}
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
      </Table.Tbody>
    </Table>
  );
}
