import { ActionIcon, Checkbox, Switch, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { EditIcon } from '../../components/edit-icon';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { PlainCheckbox } from '../../components/plain-controls';
import { routeHref } from '../../lib/route-href';
import { PlayIcon } from '../../components/play-icon';
import { RowAction } from '../../components/row-action';
import { TagBadges } from '../../components/tag-badges';
import { TrashIcon } from '../../components/trash-icon';
import { ActivationSwitch } from './activation-switch';
import { formatCreated, formatDate, formatExact, formatUptime, relativeTime, type MonitorOverviewItem } from './check-display';
import { frequencyShort } from './frequency';
import { MonitorHeartbeatStrip } from './monitor-heartbeat-strip';
import type { MonitorSort, SortOrder } from './monitor-list-params';
import { MaintenanceBadge } from '../maintenance/maintenance-badge';
import { CodeOwnerLine } from '../projects/code-owner-line';
import { useCurrentMaintenance, type CheckInMaintenanceView } from '../maintenance/use-current-maintenance';
import { MonitorHealthBadge } from './monitor-status-badge';
import { RunNowIcon } from './run-now-button';
import './monitors-table.css';
import { isEditableCheckType } from './use-update-check';
import { humanLabel } from '../../lib/labels';
import { listDurationScale, type ListDurationScale } from '../../lib/duration-scale';

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

/** A row action the key may not use: disabled, with the reason on hover (the span takes the pointer a disabled button ignores). */
function DeniedAction({ label, why, icon }: { label: string; why: string; icon: ReactNode }) {
  return (
    <LazyTooltip label={why} multiline w={280}>
      <span>
        <ActionIcon variant="subtle" color="gray" aria-label={label} disabled>
          {icon}
        </ActionIcon>
      </span>
    </LazyTooltip>
  );
}

function ActiveCell({ monitor, access }: { monitor: MonitorOverviewItem; access: TableAccess }) {
  if (access.canWrite) return <ActivationSwitch id={monitor.id} name={monitor.name} checkType={monitor.checkType} activated={monitor.activated} />;
  return (
    <LazyTooltip label={access.whyNotWrite} multiline w={280}>
      <span>
        <Switch size="sm" aria-label={`Active: ${monitor.name}`} checked={monitor.activated} disabled readOnly />
      </span>
    </LazyTooltip>
  );
}

function RowActions({ monitor, access, onDelete }: { monitor: MonitorOverviewItem; access: TableAccess; onDelete: () => void }) {
  const editable = isEditableCheckType(monitor.checkType);
  return (
    <div className="monitor-row-inline monitor-row-actions">
      {editable &&
        (access.canRun ? (
          <RunNowIcon checkId={monitor.id} name={monitor.name} />
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
    </div>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Below this the table scrolls sideways instead of squeezing its columns. It fits the content area
 * of a 1440 px wide window beside the navigation, so a laptop sees every column and the row actions.
 */
const MIN_TABLE_WIDTH = 1180;

const dash = <span className="monitor-row-dimmed">—</span>;

/** Mantine Table's own row and cell classes, on plain elements (see MonitorRowView). */
const TR_CLASS = Table.classes.tr;
const TD_CLASS = Table.classes.td;

interface RowProps {
  monitor: MonitorOverviewItem;
  /** The Response column's one unit, chosen from the rows on the page. */
  responseFormat: ListDurationScale['format'];
  selectable: boolean;
  isSelected: boolean;
  onSelect: MonitorsTableProps['onSelect'];
  onDelete: MonitorsTableProps['onDelete'];
  access: TableAccess;
  now: number;
  maintenance: CheckInMaintenanceView | undefined;
  /** The table's first frame: the results strip is painted as one element (MonitorHeartbeatStrip's `painted`). */
  firstFrame: boolean;
}

/**
 * One row; memoised, so a live refresh (up to once a second) re-renders only the rows whose data
 * changed (react-query keeps unchanged items identical). The cells are plain elements with Mantine's
 * table classes and a few of our own (monitors-table.css); only the controls are Mantine
 * components. With a Mantine Box for every cell, text and link, rendering the first 25 rows took
 * most of the time between the list's data arriving and the operator seeing it.
 */
const MonitorRowView = memo(function MonitorRowView({ monitor, responseFormat, selectable, isSelected, onSelect, onDelete, access, now, maintenance, firstFrame }: RowProps) {
  return (
    <tr className={TR_CLASS} data-striped="odd" data-hover data-with-row-border data-health={monitor.health} aria-selected={selectable ? isSelected : undefined}>
      {selectable && (
        <td className={TD_CLASS}>
          <PlainCheckbox label={`Select ${monitor.name}`} checked={isSelected} onChange={(event) => onSelect([monitor], event.currentTarget.checked)} />
        </td>
      )}
      <td className={`${TD_CLASS} monitor-row-status-cell`} style={NOWRAP}>
        {/* Stacked: side by side, a Maintenance badge ran over the monitor's name. */}
        <div className="monitor-row-badges">
          <MonitorHealthBadge health={monitor.health} muted={monitor.muted} flapping={monitor.flapping} />
          <MaintenanceBadge open={maintenance} />
        </div>
      </td>
      <td className={`${TD_CLASS} monitor-row-name-cell`}>
        <a className="monitor-row-name" href={routeHref(`/monitors/${monitor.id}`)}>
          {monitor.name}
        </a>
        <div className="monitor-row-sub">
          {humanLabel(monitor.checkType)} · <span className="monitor-row-mono">{monitor.target ?? '—'}</span>
          {monitor.frequency !== null && ` · ${frequencyShort(monitor.frequency, monitor.frequencyOffset)}`}
        </div>
        {monitor.managedBy && <CodeOwnerLine owner={monitor.managedBy} />}
      </td>
      <td className={TD_CLASS}>
        {monitor.lastRunAt === null ? (
          dash
        ) : (
          <time dateTime={monitor.lastRunAt} title={formatExact(monitor.lastRunAt)} style={NOWRAP}>
            {relativeTime(monitor.lastRunAt, now)}
          </time>
        )}
      </td>
      <td className={TD_CLASS} style={NOWRAP}>
        {responseFormat(monitor.lastResponseUs, monitor.lastResponsePrecise)}
      </td>
      <td className={TD_CLASS} style={NOWRAP}>
        {formatUptime(monitor.uptime24h)}
      </td>
      <td className={TD_CLASS}>
        <MonitorHeartbeatStrip checkId={monitor.id} name={monitor.name} results={monitor.recent} precise={monitor.checkType === 'ICMP'} painted={firstFrame} />
      </td>
      <td className={`${TD_CLASS} monitor-row-group-cell`}>
        {monitor.groupId === null ? (
          dash
        ) : (
          <a className="monitor-row-link monitor-row-clip" href={routeHref(`/groups/${monitor.groupId}`)} title={monitor.groupName ?? undefined}>
            {monitor.groupName ?? `Group ${monitor.groupId}`}
          </a>
        )}
      </td>
      <td className={`${TD_CLASS} monitor-row-tags-cell`}>
        <TagBadges tags={monitor.tags} />
      </td>
      <td className={TD_CLASS}>
        <ActiveCell monitor={monitor} access={access} />
      </td>
      <td className={`${TD_CLASS} monitor-row-dimmed`} style={NOWRAP} title={formatCreated(monitor.createdAt)}>
        {formatDate(monitor.createdAt, now)}
      </td>
      <td className={TD_CLASS} style={NOWRAP}>
        <RowActions monitor={monitor} access={access} onDelete={() => onDelete(monitor)} />
      </td>
    </tr>
  );
});

/** One unit for the page's Response column (rows re-render only when it changes, not on every poll). */
export function useResponseScale(monitors: readonly MonitorOverviewItem[]): ListDurationScale {
  const scale = listDurationScale(monitors.map((monitor) => ({ us: monitor.lastResponseUs, precise: monitor.lastResponsePrecise })));
  const key = `${scale.unit}:${scale.format(0, false)}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what the formatter depends on
  return useMemo(() => scale, [key]);
}

/**
 * Rows the table draws in its first frame: a 1440×900 window shows about a dozen under the page's
 * header and filters. The rest of the page follows once that frame is on screen, so the operator
 * sees the list's top (worst first) without waiting for rows below the fold; a 25-row page took
 * about twice as long to appear drawn whole (issue 31's page-load figure). In that first frame each
 * row's results strip is one painted element instead of up to 30 named bars (most of the rows'
 * elements); the bars, their names and clicks replace it in the next.
 */
export const FIRST_FRAME_ROWS = 12;

/** Whether the table is past its first frame (then every row is drawn whole), from the next frame after it first appears. */
function usePastFirstFrame(): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    // After the frame with the first rows is painted (a timer from inside the frame runs after its paint).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [all]);
  return all;
}

/** The health-first Monitors list: status first, then what the last runs said; sortable headers, a checkbox per row for bulk actions. */
export function MonitorsTable({ monitors, sort, order, onSort, selected, onSelect, onDelete, access, now }: MonitorsTableProps) {
  const sortProps = { sort, order, onSort };
  const maintenance = useCurrentMaintenance();
  const pageIds = monitors.map((monitor) => monitor.id);
  const selectedOnPage = selected ? pageIds.filter((id) => selected.has(id)).length : 0;
  const responseScale = useResponseScale(monitors);
  const whole = usePastFirstFrame();
  const shown = whole ? monitors.length : Math.min(monitors.length, FIRST_FRAME_ROWS);
  return (
    <Table.ScrollContainer minWidth={MIN_TABLE_WIDTH}>
      <Table className="monitor-table" striped highlightOnHover verticalSpacing={6} horizontalSpacing={8} fz="sm" aria-label="Monitors">
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
            <Table.Th>Uptime 24 h</Table.Th>
            <Table.Th style={NOWRAP}>Last results</Table.Th>
            <Table.Th style={NOWRAP}>Group</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th style={NOWRAP}>Active</Table.Th>
            <SortHeader label="Created" column="created" {...sortProps} />
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(shown < monitors.length ? monitors.slice(0, shown) : monitors).map((monitor) => (
            <MonitorRowView
              key={monitor.id}
              monitor={monitor}
              responseFormat={responseScale.format}
              selectable={selected !== null}
              isSelected={selected?.has(monitor.id) ?? false}
              onSelect={onSelect}
              onDelete={onDelete}
              access={access}
              now={now}
              maintenance={maintenance.get(monitor.id)}
              firstFrame={!whole}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
