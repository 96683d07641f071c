import { ActionIcon, Anchor, Checkbox, Group, Stack, Switch, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EditIcon } from '../../components/edit-icon';
import { PlayIcon } from '../../components/play-icon';
import { RowAction } from '../../components/row-action';
import { TagBadges } from '../../components/tag-badges';
import { TrashIcon } from '../../components/trash-icon';
import { ActivationSwitch } from './activation-switch';
import { formatCreated, formatDate, formatExact, formatResponseUs, formatUptime, relativeTime, type MonitorOverviewItem } from './check-display';
import { frequencyShort } from './frequency';
import { MonitorHeartbeatStrip } from './monitor-heartbeat-strip';
import type { MonitorSort, SortOrder } from './monitor-list-params';
import { MonitorHealthBadge } from './monitor-status-badge';
import { RunNowButton } from './run-now-button';
import { isEditableCheckType } from './use-update-check';

/** What the signed-in key may do here; a control it may not use is shown disabled with `why…` as its tooltip. */
export interface TableAccess {
  canWrite: boolean;
  canRun: boolean;
  whyNotWrite: string;
  whyNotRun: string;
}

interface MonitorsTableProps {
  monitors: readonly MonitorOverviewItem[];
  sort: MonitorSort;
  order: SortOrder;
  onSort: (sort: MonitorSort) => void;
  /** Ids of the selected rows; null when the key may not change monitors (no checkboxes then). */
  selected: { has(id: string): boolean } | null;
  /** Selects or deselects these monitors (their names are kept for the bulk summary and the delete dialog). */
  onSelect: (monitors: readonly Pick<MonitorOverviewItem, 'id' | 'name'>[], selected: boolean) => void;
  onDelete: (monitor: MonitorOverviewItem) => void;
  access: TableAccess;
  /** Now, for the relative times (the page ticks it). */
  now: number;
}

function SortHeader({ label, column, sort, order, onSort }: { label: string; column: MonitorSort } & Pick<MonitorsTableProps, 'sort' | 'order' | 'onSort'>) {
  const active = sort === column;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} style={NOWRAP}>
      <UnstyledButton onClick={() => onSort(column)} fz="sm" fw={700} aria-label={`Sort by ${label.toLowerCase()}`}>
        {label}
        <Text span c={active ? undefined : 'dimmed'} ml={4} aria-hidden>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A row action the key may not use: disabled, with the reason on hover. */
function DeniedAction({ label, why, icon }: { label: string; why: string; icon: ReactNode }) {
  return (
    <Tooltip label={why} withArrow multiline w={280}>
      <span>
        <ActionIcon variant="subtle" color="gray" aria-label={label} disabled>
          {icon}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

function ActiveCell({ monitor, access }: { monitor: MonitorOverviewItem; access: TableAccess }) {
  if (access.canWrite) return <ActivationSwitch id={monitor.id} name={monitor.name} checkType={monitor.checkType} activated={monitor.activated} />;
  return (
    <Tooltip label={access.whyNotWrite} withArrow multiline w={280}>
      <span>
        <Switch size="sm" aria-label={`Active: ${monitor.name}`} checked={monitor.activated} disabled readOnly />
      </span>
    </Tooltip>
  );
}

function RowActions({ monitor, access, onDelete }: { monitor: MonitorOverviewItem; access: TableAccess; onDelete: () => void }) {
  const editable = isEditableCheckType(monitor.checkType);
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {editable &&
        (access.canRun ? (
          <RunNowButton checkId={monitor.id} name={monitor.name} compact />
        ) : (
          <DeniedAction label={`Run ${monitor.name} now`} why={access.whyNotRun} icon={<PlayIcon />} />
        ))}
      {editable &&
        (access.canWrite ? (
          <RowAction tooltip="Edit monitor" label={`Edit ${monitor.name}`} icon={<EditIcon />} to={`/monitors/${monitor.id}/edit`} />
        ) : (
          <DeniedAction label={`Edit ${monitor.name}`} why={access.whyNotWrite} icon={<EditIcon />} />
        ))}
      {access.canWrite ? (
        <RowAction tooltip="Delete monitor" label={`Delete ${monitor.name}`} icon={<TrashIcon />} color="red" onClick={onDelete} />
      ) : (
        <DeniedAction label={`Delete ${monitor.name}`} why={access.whyNotWrite} icon={<TrashIcon />} />
      )}
    </Group>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

interface RowProps {
  monitor: MonitorOverviewItem;
  selectable: boolean;
  isSelected: boolean;
  onSelect: MonitorsTableProps['onSelect'];
  onDelete: MonitorsTableProps['onDelete'];
  access: TableAccess;
  now: number;
}

/**
 * One row; memoised, so a live refresh (up to once a second) re-renders only the rows whose data
 * changed (react-query keeps unchanged items identical).
 */
const MonitorRowView = memo(function MonitorRowView({ monitor, selectable, isSelected, onSelect, onDelete, access, now }: RowProps) {
  return (
    <Table.Tr data-health={monitor.health} aria-selected={selectable ? isSelected : undefined}>
      {selectable && (
        <Table.Td>
          <Checkbox aria-label={`Select ${monitor.name}`} checked={isSelected} onChange={(event) => onSelect([monitor], event.currentTarget.checked)} />
        </Table.Td>
      )}
      <Table.Td style={NOWRAP}>
        <MonitorHealthBadge health={monitor.health} muted={monitor.muted} />
      </Table.Td>
      <Table.Td maw={320}>
        <Stack gap={0}>
          <Anchor component={Link} to={`/monitors/${monitor.id}`} size="sm" fw={500} truncate>
            {monitor.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {monitor.checkType} ·{' '}
            <Text span ff="monospace" inherit>
              {monitor.target ?? '—'}
            </Text>
            {monitor.frequency !== null && ` · ${frequencyShort(monitor.frequency, monitor.frequencyOffset)}`}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {monitor.lastRunAt === null ? (
          dash
        ) : (
          <time dateTime={monitor.lastRunAt} title={formatExact(monitor.lastRunAt)} style={NOWRAP}>
            {relativeTime(monitor.lastRunAt, now)}
          </time>
        )}
      </Table.Td>
      <Table.Td style={NOWRAP}>{formatResponseUs(monitor.lastResponseUs, monitor.lastResponsePrecise)}</Table.Td>
      <Table.Td style={NOWRAP}>{formatUptime(monitor.uptime24h)}</Table.Td>
      <Table.Td>
        <MonitorHeartbeatStrip checkId={monitor.id} name={monitor.name} results={monitor.recent} precise={monitor.checkType === 'ICMP'} />
      </Table.Td>
      <Table.Td>
        {monitor.groupId === null ? (
          dash
        ) : (
          <Anchor component={Link} to={`/groups/${monitor.groupId}`} size="sm">
            {monitor.groupName ?? `Group ${monitor.groupId}`}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>
        <TagBadges tags={monitor.tags} />
      </Table.Td>
      <Table.Td>
        <ActiveCell monitor={monitor} access={access} />
      </Table.Td>
      <Table.Td c="dimmed" style={NOWRAP} title={formatCreated(monitor.createdAt)}>
        {formatDate(monitor.createdAt)}
      </Table.Td>
      <Table.Td style={NOWRAP}>
        <RowActions monitor={monitor} access={access} onDelete={() => onDelete(monitor)} />
      </Table.Td>
    </Table.Tr>
  );
});

/** The health-first Monitors list: status first, then what the last runs said; sortable headers, a checkbox per row for bulk actions. */
export function MonitorsTable({ monitors, sort, order, onSort, selected, onSelect, onDelete, access, now }: MonitorsTableProps) {
  const sortProps = { sort, order, onSort };
  const pageIds = monitors.map((monitor) => monitor.id);
  const selectedOnPage = selected ? pageIds.filter((id) => selected.has(id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={1280}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Monitors">
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all monitors on this page"
                  checked={selectedOnPage > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  onChange={(event) => onSelect(monitors, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <SortHeader label="Status" column="health" {...sortProps} />
            <SortHeader label="Name" column="name" {...sortProps} />
            <SortHeader label="Last run" column="lastRun" {...sortProps} />
            <Table.Th style={NOWRAP}>Response</Table.Th>
            <Table.Th style={NOWRAP}>Uptime 24 h</Table.Th>
            <Table.Th style={NOWRAP}>Last results</Table.Th>
            <Table.Th>Group</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>Active</Table.Th>
            <SortHeader label="Created" column="created" {...sortProps} />
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monitors.map((monitor) => (
            <MonitorRowView
              key={monitor.id}
              monitor={monitor}
              selectable={selected !== null}
              isSelected={selected?.has(monitor.id) ?? false}
              onSelect={onSelect}
              onDelete={onDelete}
              access={access}
              now={now}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
