import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { EditIcon } from '../../components/edit-icon';
import { RowAction } from '../../components/row-action';
import { TagBadges } from '../../components/tag-badges';
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

const COLUMNS = ['Name', 'Type', 'Target', 'Frequency', 'Status', 'Group', 'Tags', 'Created'];

export function MonitorsTable({ monitors, groupNames, onDelete }: MonitorsTableProps) {
  return (
    <DenseTable label="Monitors" columns={COLUMNS} minWidth={980}>
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
            <TagBadges tags={monitor.tags} />
          </Table.Td>
          <Table.Td c="dimmed">{formatCreated(monitor.createdAt)}</Table.Td>
          <Table.Td>
            <Group gap={2} wrap="nowrap" justify="flex-end">
              {isEditableCheckType(monitor.checkType) && <RunNowButton checkId={monitor.id} name={monitor.name} compact />}
              {isEditableCheckType(monitor.checkType) && (
                <RowAction tooltip="Edit monitor" label={`Edit ${monitor.name}`} icon={<EditIcon />} to={`/monitors/${monitor.id}/edit`} />
              )}
              <RowAction tooltip="Delete monitor" label={`Delete ${monitor.name}`} icon={<TrashIcon />} color="red" onClick={() => onDelete(monitor)} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
