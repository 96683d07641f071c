import { ActionIcon, Badge, Button, Code, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { EditIcon } from '../../components/edit-icon';
import { TrashIcon } from '../../components/trash-icon';
import { formatSeen, type PrivateLocationItem } from './location-display';

interface PrivateLocationsTableProps {
  locations: readonly PrivateLocationItem[];
  onKeys: (location: PrivateLocationItem) => void;
  onRename: (location: PrivateLocationItem) => void;
  onDelete: (location: PrivateLocationItem) => void;
}

export function PrivateLocationsTable({ locations, onKeys, onRename, onDelete }: PrivateLocationsTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Private locations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Slug</Table.Th>
            <Table.Th>Agents online</Table.Th>
            <Table.Th>Last seen</Table.Th>
            <Table.Th>Keys</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Rename" withArrow>
                    <ActionIcon variant="subtle" aria-label={`Rename ${location.name}`} onClick={() => onRename(location)}>
                      <EditIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete private location" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${location.name}`} onClick={() => onDelete(location)}>
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
