import { Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { statsRangeOf, type StatsRange } from '../../../src-shared/schemas/monitor-stats';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { DurationScaleContext } from '../../lib/duration-scale';
import { useTRPC } from '../../lib/trpc';
import { ActivationSwitch } from './activation-switch';
import { formatCreated } from './check-display';
import { DeleteMonitorModal } from './delete-monitor-modal';
import { frequencyShort } from './frequency';
import { HeartbeatPingPanel } from './heartbeat-ping-panel';
import { EffectiveAlertChannels } from '../alert-channels/effective-alerting-view';
import { MonitorDependencies } from './monitor-dependencies';
import { MonitorFields } from './monitor-fields';
import { monitorSettingsFields } from './monitor-settings-fields';
import { humanLabel } from '../../lib/labels';
import { MonitorPerformance } from './monitor-performance';
import { pageScale } from './monitor-stats-display';
import { preloadChart } from './chart-module';
import { MonitorResults } from './monitor-results';
import { MonitorStatusHeader } from './monitor-status-header';
import { StartMaintenanceButton } from '../maintenance/start-maintenance-button';
import { CodeOwnerNote } from '../projects/code-owner-note';
import { RunNowButton } from './run-now-button';
import { isEditableCheckType } from './use-update-check';

export function MonitorPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const range = statsRangeOf(searchParams.get('range'));
  const setRange = (next: StatsRange) =>
    setSearchParams(
      (params) => {
        params.set('range', next);
        return params;
      },
      { replace: true },
    );
  const check = useQuery(trpc.checks.get.queryOptions({ id }));
  // The figures are asked for together with the monitor, not after it arrived.
  usePrefetchQuery(trpc.checkResults.status.queryOptions({ checkId: id }));
  usePrefetchQuery(trpc.monitorStats.state.queryOptions({ checkId: id }));
  // Asked for here too (one query, shared with the Performance section): its figures set the page's one unit of time.
  const stats = useQuery({ ...trpc.monitorStats.get.queryOptions({ checkId: id, range }), placeholderData: keepPreviousData });
  const precise = check.data?.checkType === 'ICMP';
  const scale = useMemo(() => (stats.data ? pageScale(stats.data, !precise) : null), [stats.data, precise]);
  useEffect(preloadChart, []);
  const groupId = typeof check.data?.groupId === 'number' ? check.data.groupId : null;
  const group = useQuery({ ...trpc.checkGroups.get.queryOptions({ id: groupId ?? 0 }), enabled: groupId !== null });
  const effective = useQuery(trpc.alerts.effectiveForCheck.queryOptions({ checkId: id }));

  if (check.isPending) return <LoadingBlock label="Loading monitor" />;
  if (check.isError) return <QueryError title="The monitor could not be loaded" error={check.error} onRetry={() => void check.refetch()} />;

  const data = check.data;
  const frequency = typeof data.frequency === 'number' ? frequencyShort(data.frequency, typeof data.frequencyOffset === 'number' ? data.frequencyOffset : null) : null;
  const fields = [
    { label: 'Type', value: humanLabel(data.checkType) },
    { label: 'Frequency', value: frequency },
    {
      label: 'Group',
      value:
        groupId === null ? null : (
          <Anchor component={Link} to={`/groups/${groupId}`} size="sm">
            {group.data?.name ?? `Group ${groupId}`}
          </Anchor>
        ),
    },
    ...monitorSettingsFields(data, effective.data),
    { label: 'Environment variables', value: Array.isArray(data.environmentVariables) ? data.environmentVariables.length : 0 },
    { label: 'Created', value: formatCreated(data.created_at) },
    { label: 'Updated', value: data.updated_at ? formatCreated(data.updated_at) : null },
  ];

  return (
    <>
      <PageHeader
        title={data.name}
        description={`${humanLabel(data.checkType)} monitor · id ${data.id}`}
        actions={
          <>
            {/* A heartbeat is not run: its job pings it. */}
            {isEditableCheckType(data.checkType) && data.checkType !== 'HEARTBEAT' && <RunNowButton checkId={data.id} name={data.name} />}
            <StartMaintenanceButton target={{ checkId: data.id }} name={data.name} />
            <ActivationSwitch id={data.id} name={data.name} checkType={data.checkType} activated={data.activated === true} withLabel />
            {isEditableCheckType(data.checkType) && (
              <Button component={Link} to={`/monitors/${data.id}/edit`} variant="default">
                Edit
              </Button>
            )}
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        }
      />
      <Stack gap="lg" maw={1100}>
        <CodeOwnerNote type="check" id={data.id} />
        <MonitorStatusHeader checkId={data.id} activated={data.activated === true} />
        {data.checkType === 'HEARTBEAT' && <HeartbeatPingPanel id={data.id} />}
        <MonitorDependencies checkId={data.id} />
        <DurationScaleContext.Provider value={scale}>
          <MonitorPerformance checkId={data.id} range={range} onRangeChange={setRange} wholeMs={data.checkType !== 'ICMP'} />
          <MonitorResults checkId={data.id} />
        </DurationScaleContext.Provider>
        <MonitorFields label="Monitor settings" fields={fields} />
        {typeof data.script === 'string' && data.script !== '' && (
          <Stack gap={4}>
            <Title order={4}>Script</Title>
            <Code block>{data.script}</Code>
          </Stack>
        )}
        <EffectiveAlertChannels checkId={data.id} />
        <Group>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to="/monitors" size="sm">
              ← All monitors
            </Anchor>
          </Text>
        </Group>
      </Stack>
      <DeleteMonitorModal monitor={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/monitors')} />
    </>
  );
}
