import { Badge, Button, Code, Group, Table } from '@mantine/core';
import { useGate } from '../../components/access';
import { DenseTable } from '../../components/dense-table';
import { EditIcon } from '../../components/edit-icon';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { formatSeen, type PrivateLocationItem } from './location-display';

interface PrivateLocationsTableProps {
  locations: readonly PrivateLocationItem[];
  onKeys: (location: PrivateLocationItem) => void;
  onRename: (location: PrivateLocationItem) => void;
  onDelete: (location: PrivateLocationItem) => void;
}

const COLUMNS = ['Name', 'Slug', 'Agents online', 'Last seen', 'Keys'];

export function PrivateLocationsTable({ locations, onKeys, onRename, onDelete }: PrivateLocationsTableProps) {
  // Rename and Delete need write access; the section's note says why they are missing.
  const { allowed: mayChange } = useGate('write');
  return (
    <DenseTable label="Private locations" columns={COLUMNS} minWidth={760} hiddenColumn={mayChange ? 'Actions' : null}>
      {locations.map((location) => (
        <Table.Tr key={location.id}>
          <Table.Td fw={500}>{location.name}</Table.Td>
          <Table.Td>
            <Code>{location.slugName}</Code>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light" color={location.agentCount > 0 ? 'teal' : 'gray'} aria-label={`${location.agentCount} agents online`}>
              {location.agentCount}
            </Badge>
          </Table.Td>
          <Table.Td>{formatSeen(location.lastSeen)}</Table.Td>
          <Table.Td>
            <Button size="compact-sm" variant="subtle" aria-label={`Keys of ${location.name}`} onClick={() => onKeys(location)}>
              {location.keys.length} {location.keys.length === 1 ? 'key' : 'keys'}
            </Button>
          </Table.Td>
          {mayChange && (
            <Table.Td>
              <Group gap={2} wrap="nowrap" justify="flex-end">
                <RowAction tooltip="Rename" label={`Rename ${location.name}`} icon={<EditIcon />} onClick={() => onRename(location)} />
                <RowAction tooltip="Delete private location" label={`Delete ${location.name}`} icon={<TrashIcon />} color="red" onClick={() => onDelete(location)} />
              </Group>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
