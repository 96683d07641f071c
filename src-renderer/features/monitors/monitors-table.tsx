import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { EditIcon } from '../../components/edit-icon';
import { TrashIcon } from '../../components/trash-icon';
import { ActivationSwitch } from './activation-switch';
import { formatCreated, type MonitorRow } from './check-display';
import { frequencyShort } from './frequency';
import { MonitorStatusBadge } from './monitor-status-badge';
import { RunNowButton } from './run-now-button';
import { isEditableCheckType } from './use-update-check';

interface MonitorsTableProps {
  monitors: readonly MonitorRow[];
  groupNames: ReadonlyMap<number, string>;
  onDelete: (monitor: MonitorRow) => void;
}

export function MonitorsTable({ monitors, groupNames, onDelete }: MonitorsTableProps) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Monitors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Group</Table.Th>
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
              <Table.Td fw={500}>
                <Anchor component={Link} to={`/monitors/${monitor.id}`} size="sm" fw={500}>
                  {monitor.name}
                </Anchor>
              </Table.Td>
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
                <Group gap="xs" wrap="nowrap">
                  <ActivationSwitch id={monitor.id} name={monitor.name} checkType={monitor.checkType} activated={monitor.activated} />
                  <MonitorStatusBadge activated={monitor.activated} muted={monitor.muted} />
                </Group>
              </Table.Td>
              <Table.Td>
                {monitor.groupId === null ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : (
                  <Anchor component={Link} to={`/groups/${monitor.groupId}`} size="sm">
                    {groupNames.get(monitor.groupId) ?? `Group ${monitor.groupId}`}
                  </Anchor>
                )}
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
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  {isEditableCheckType(monitor.checkType) && <RunNowButton checkId={monitor.id} name={monitor.name} compact />}
                  {isEditableCheckType(monitor.checkType) && (
                    <Tooltip label="Edit monitor" withArrow>
                      <ActionIcon component={Link} to={`/monitors/${monitor.id}/edit`} variant="subtle" aria-label={`Edit ${monitor.name}`}>
                        <EditIcon />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Delete monitor" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${monitor.name}`} onClick={() => onDelete(monitor)}>
                      <TrashIcon />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
