import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { TrashIcon } from '../../components/trash-icon';
import { formatCreated, type MonitorRow } from './check-display';
import { frequencyShort } from './frequency';
import { MonitorStatusBadge } from './monitor-status-badge';

interface MonitorsTableProps {
  monitors: readonly MonitorRow[];
  onDelete: (monitor: MonitorRow) => void;
}

export function MonitorsTable({ monitors, onDelete }: MonitorsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Monitors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monitors.map((monitor) => (
            <Table.Tr key={monitor.id}>
              <Table.Td fw={500}>{monitor.name}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="default" radius="xs">
                  {monitor.checkType}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm" truncate maw={260}>
                  {monitor.target}
                </Text>
              </Table.Td>
              <Table.Td>{monitor.frequency === null ? '—' : frequencyShort(monitor.frequency, monitor.frequencyOffset)}</Table.Td>
              <Table.Td>
                <MonitorStatusBadge activated={monitor.activated} muted={monitor.muted} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {monitor.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td c="dimmed">{formatCreated(monitor.createdAt)}</Table.Td>
              <Table.Td>
                <Tooltip label="Delete monitor" withArrow>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${monitor.name}`} onClick={() => onDelete(monitor)}>
                    <TrashIcon />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
