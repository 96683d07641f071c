import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useGate } from '../../components/access';
import { DenseTable } from '../../components/dense-table';
import { EditIcon } from '../../components/edit-icon';
import { RowAction } from '../../components/row-action';
import { TagBadges } from '../../components/tag-badges';
import { TrashIcon } from '../../components/trash-icon';
import { describeRunLocations } from '../../lib/run-locations';
import type { RouterOutputs } from '../../lib/trpc';
import { GroupCheckCount } from './group-check-count';
import { GroupHealthBadge } from './group-health-badge';

export type GroupItem = RouterOutputs['checkGroups']['list']['items'][number];

interface GroupsTableProps {
  groups: readonly GroupItem[];
  onDelete: (group: GroupItem) => void;
}

const COLUMNS = ['Name', 'Checks', 'Concurrency', 'Locations', 'Status', 'Tags'];

export function GroupsTable({ groups, onDelete }: GroupsTableProps) {
  // Edit and Delete are left out for a key that may not change groups; the note above the table says why.
  const { allowed: mayChange } = useGate('write');
  return (
    <DenseTable label="Groups" columns={COLUMNS} minWidth={760} hiddenColumn={mayChange ? 'Actions' : null}>
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
            <Text size="sm" c={describeRunLocations(group).length ? undefined : 'dimmed'}>
              {describeRunLocations(group).join(', ') || "Each check's own"}
            </Text>
          </Table.Td>
          <Table.Td>
            <GroupHealthBadge groupId={group.id} activated={group.activated} muted={group.muted} />
          </Table.Td>
          <Table.Td>
            <TagBadges tags={group.tags} />
          </Table.Td>
          {mayChange && (
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <RowAction tooltip="Edit group" label={`Edit ${group.name}`} icon={<EditIcon />} to={`/groups/${group.id}/edit`} />
                <RowAction tooltip="Delete group" label={`Delete ${group.name}`} icon={<TrashIcon />} color="red" onClick={() => onDelete(group)} />
              </Group>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
