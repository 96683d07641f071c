import { Alert, Button, em, Group, List, Pagination, Select, Stack, Text, useMantineTheme } from '@mantine/core';
import { useInterval, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAccess } from '../../lib/use-access';
import { pollInterval, useLiveUpdates } from '../sessions/live-updates-context';
import { BulkActionsBar } from './bulk-actions-bar';
import { monitors as monitorCount, type BulkSummary } from './bulk-summary';
import type { MonitorOverviewItem } from './check-display';
import { DeleteMonitorModal } from './delete-monitor-modal';
import { ClearFiltersButton, HealthFilter, MonitorFilters, UNMOUNTED_WHEN_CLOSED } from './monitor-filters';
import { DEFAULT_ORDER, isFiltering, overviewInput, PAGE_SIZES, useMonitorListParams } from './monitor-list-params';
import { MonitorCards } from './monitor-cards';
import { MonitorsTable } from './monitors-table';
import { NewMonitorButtons } from './new-monitor-buttons';
import { useReachability } from '../../lib/reachability';

/** Without the live session feed the list polls this often. */
const POLL_MS = 15_000;
/** Relative times ("3 min ago") move on this often. */
const CLOCK_TICK_MS = 15_000;

function SummaryAlert({ summary, onClose }: { summary: BulkSummary; onClose: () => void }) {
  return (
    <Alert color={summary.color} variant="light" role="status" title={summary.title} withCloseButton closeButtonLabel="Dismiss summary" onClose={onClose} mb="sm">
      {summary.failures.length > 0 && (
        <List size="sm" aria-label="Monitors that were not changed">
          {summary.failures.map((failure) => (
            <List.Item key={failure}>{failure}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Ticks `now` while the page is open, so relative times stay true between refreshes. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), everyMs, { autoInvoke: true });
  // Stopped while the server is unreachable: the list shows the state at that moment.
  return useReachability().unreachableSince ?? now;
}

/**
 * The Monitors list, health first (failing, degraded, passing, not run yet, paused): filters, sort
 * and page live in the URL; one checks.overview call per page answers the rows with their last run,
 * response time, 24-hour uptime and recent results; finished sessions refresh it (live-session-updates).
 */
export function MonitorsPage() {
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const access = useAccess();
  const [params, update] = useMonitorListParams();
  const [searchParams] = useSearchParams();
  const now = useNow(CLOCK_TICK_MS);
  const [pendingDelete, setPendingDelete] = useState<MonitorOverviewItem | null>(null);
  const [selection, setSelection] = useState<Map<string, string>>(() => new Map());
  const [summary, setSummary] = useState<BulkSummary | null>(null);

  // The selection belongs to the view: another filter, sort or page starts a new one.
  const view = searchParams.toString();
  const [selectionView, setSelectionView] = useState(view);
  if (view !== selectionView) {
    setSelectionView(view);
    if (selection.size > 0) setSelection(new Map());
  }

  // A phone gets cards, failures first, with the filters folded away (the table needs a laptop's width).
  const theme = useMantineTheme();
  const phone = !useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`, true, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const list = useQuery({
    ...trpc.checks.overview.queryOptions(overviewInput(phone ? { ...params, sort: 'health', order: 'asc' } : params), { placeholderData: keepPreviousData }),
    refetchInterval: pollInterval(live, POLL_MS),
  });
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  const tags = useQuery(trpc.checks.tags.queryOptions(undefined, { staleTime: 60_000 }));
  const groupList = (groups.data?.items ?? []).map((group) => ({ id: group.id, name: group.name }));
  const projects = useQuery(trpc.projects.list.queryOptions(undefined, { staleTime: 60_000 }));
  const projectList = (projects.data ?? []).map((project) => ({ id: project.id, name: project.name }));

  const canWrite = access.can('write');
  const canRun = access.can('run');
  const whyNotWrite = access.whyNot('write');
  const whyNotRun = access.whyNot('run');
  const tableAccess = useMemo(() => ({ canWrite, canRun, whyNotWrite, whyNotRun }), [canWrite, canRun, whyNotWrite, whyNotRun]);
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const filtering = isFiltering(params);
  const everything = data ? Object.values(data.healthCounts).reduce((sum, n) => sum + n, 0) : 0;
  const countText = data ? (data.total === everything || !filtering ? monitorCount(data.total) : `${monitorCount(data.total)} of ${everything.toLocaleString()}`) : '';
  const activeFilters = [params.search.trim() !== '', params.health.length > 0, params.checkType !== null, params.tags.length > 0, params.group !== null, params.managed !== null].filter(Boolean).length;

  // Stable callbacks and access, so the memoised rows re-render only when their own data changes.
  const select = useCallback((monitors: readonly Pick<MonitorOverviewItem, 'id' | 'name'>[], selected: boolean) => {
    setSelection((current) => {
      const next = new Map(current);
      for (const monitor of monitors) {
        if (selected) next.set(monitor.id, monitor.name);
        else next.delete(monitor.id);
      }
      return next;
    });
  }, []);

  return (
    <>
      <PageHeader
        title="Monitors"
        description="Every check Sightline runs, worst first: failing, degraded, passing, not run yet, paused."
        actions={canWrite ? <NewMonitorButtons /> : undefined}
      />
      <Stack gap="xs" mb="sm">
        {phone && (
          <Group justify="space-between" gap="sm">
            <Button variant="default" size="xs" aria-expanded={filtersOpen} aria-controls="monitor-filters" onClick={() => setFiltersOpen((open) => !open)}>
              {filtersOpen ? 'Hide filters' : `Filters${activeFilters > 0 ? ` (${activeFilters})` : ''}`}
            </Button>
            {data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {countText}
              </Text>
            )}
          </Group>
        )}
        {/* On a phone the filters stay out of the DOM until opened: nothing to scroll past, nothing to tab through. */}
        {(!phone || filtersOpen) && (
          <Stack gap="xs" id="monitor-filters">
            <MonitorFilters value={params} onChange={update} tagSuggestions={tags.data ?? []} groups={groupList} projects={projectList} />
            <Group justify="space-between" align="center" gap="sm">
              <Group gap="sm">
                <HealthFilter value={params.health} counts={data?.healthCounts} onChange={update} />
                {filtering && <ClearFiltersButton onChange={update} />}
              </Group>
              <Group gap="sm">
                {data && !phone && (
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {countText}
                  </Text>
                )}
                <Select
                  aria-label="Monitors per page"
                  size="xs"
                  w={90}
                  data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }))}
                  value={String(params.pageSize)}
                  allowDeselect={false}
                  comboboxProps={UNMOUNTED_WHEN_CLOSED}
                  onChange={(size) => size && update({ pageSize: Number(size) })}
                />
              </Group>
            </Group>
          </Stack>
        )}
      </Stack>

      {summary && <SummaryAlert summary={summary} onClose={() => setSummary(null)} />}
      {canWrite && !phone && selection.size > 0 && (
        <Stack mb="sm">
          <BulkActionsBar selection={selection} groups={groupList} onClear={() => setSelection(new Map())} onSummary={setSummary} />
        </Stack>
      )}

      {list.isPending && <LoadingBlock label="Loading monitors" />}
      {list.isError && <QueryError title="Monitors could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}

      {data && data.total === 0 && !filtering && (
        <EmptyState
          title="No monitors yet — create an ICMP monitor to start watching a host"
          action={
            canWrite ? (
              <Group gap="xs" justify="center">
                <NewMonitorButtons variant="light" />
              </Group>
            ) : undefined
          }
        >
          An ICMP monitor pings a host on a schedule and alerts you when it stops answering or starts losing packets. Traceroute monitors watch the path
          to a host; multi-step checks run a script against your APIs.
        </EmptyState>
      )}

      {data && data.items.length === 0 && filtering && (
        <EmptyState title="No monitors match these filters" action={<ClearFiltersButton onChange={update} />}>
          Check the spelling, or clear the search, status, type, tag and group filters.
        </EmptyState>
      )}

      {data && data.items.length === 0 && data.total > 0 && !filtering && (
        <EmptyState
          title="This page is past the last monitor"
          action={
            <Button variant="light" onClick={() => update({ page: 1 })}>
              First page
            </Button>
          }
        >
          Monitors were deleted or changed since this link was made.
        </EmptyState>
      )}

      {data && data.items.length > 0 && (
        <>
          {phone ? (
            <MonitorCards monitors={data.items} canRun={canRun} now={now} />
          ) : (
          <MonitorsTable
            monitors={data.items}
            sort={params.sort}
            order={params.order}
            onSort={(sort) => update({ sort, order: sort === params.sort ? (params.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[sort] })}
            selected={canWrite ? selection : null}
            onSelect={select}
            onDelete={setPendingDelete}
            access={tableAccess}
            now={now}
          />
          )}
          {totalPages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={(page) => update({ page })} size="sm" aria-label="Monitor pages" />
            </Group>
          )}
        </>
      )}

      <DeleteMonitorModal
        monitor={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onDeleted={() => {
          // Deleting the only row of a later page would leave the operator looking at an empty page.
          if (data && data.items.length === 1 && params.page > 1) update({ page: params.page - 1 });
          setPendingDelete(null);
        }}
      />
    </>
  );
}
