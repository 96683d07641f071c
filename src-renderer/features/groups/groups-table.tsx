import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { EditIcon } from '../../components/edit-icon';
import { TrashIcon } from '../../components/trash-icon';
import type { RouterOutputs } from '../../lib/trpc';
import { MonitorStatusBadge } from '../monitors/monitor-status-badge';
import { GroupCheckCount } from './group-check-count';

export type GroupItem = RouterOutputs['checkGroups']['list']['items'][number];

interface GroupsTableProps {
  groups: readonly GroupItem[];
  onDelete: (group: GroupItem) => void;
}

export function GroupsTable({ groups, onDelete }: GroupsTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Checks</Table.Th>
            <Table.Th>Concurrency</Table.Th>
            <Table.Th>Locations</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={`/groups/${group.id}`} size="sm" fw={500}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <GroupCheckCount groupId={group.id} />
              </Table.Td>
              <Table.Td>{group.concurrency}</Table.Td>
              <Table.Td>
                <Text size="sm" c={group.locations.length ? undefined : 'dimmed'}>
                  {group.locations.length ? group.locations.join(', ') : 'local'}
                </Text>
              </Table.Td>
              <Table.Td>
                <MonitorStatusBadge activated={group.activated} muted={group.muted} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {group.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Edit group" withArrow>
                    <ActionIcon component={Link} to={`/groups/${group.id}/edit`} variant="subtle" aria-label={`Edit ${group.name}`}>
                      <EditIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete group" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${group.name}`} onClick={() => onDelete(group)}>
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
