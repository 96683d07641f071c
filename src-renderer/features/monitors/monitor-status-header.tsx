import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { formatElapsed, formatMoment, useNow } from '../dashboard/elapsed';
import { MaintenanceBadge } from '../maintenance/maintenance-badge';
import { useCurrentMaintenance } from '../maintenance/use-current-maintenance';
import { formatTime } from '../sessions/session-display';
import { FlappingBadge } from './flapping-badge';
import { HEALTH_DISPLAY, monitorHealth } from './monitor-health';

/** The monitor's state (paused, not run yet, or its latest FINAL verdict), since when it holds it, and its last run. */
export function MonitorStatusHeader({ checkId, activated }: { checkId: string; activated: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.checkResults.status.queryOptions({ checkId }));
  const state = useQuery(trpc.monitorStats.state.queryOptions({ checkId }));
  const now = useNow();
  const maintenance = useCurrentMaintenance().get(checkId);
  const health = state.data?.health ?? monitorHealth(status.data, activated);
  const display = HEALTH_DISPLAY[health];
  const data = status.data;
  const since = state.data?.since ?? null;
  return (
    <Paper withBorder p="sm" role="region" aria-label="Monitor status">
      <Group gap="lg" wrap="wrap">
        <Badge size="lg" color={display.color} variant="filled" data-health={health}>
          {display.label}
        </Badge>
        {state.data?.flapping && <FlappingBadge size="lg" />}
        <MaintenanceBadge open={maintenance} size="lg" />
        {since !== null && (
          <Text size="sm" title={`Since ${formatMoment(since)}`}>
            {display.label} for {formatElapsed(since, now)}
          </Text>
        )}
        {data && data.lastCheckRunId !== null ? (
          <>
            <Text size="sm">
              Last run {formatTime(data.updated_at)} from <Text span ff="monospace">{data.lastRunLocation ?? '—'}</Text>
            </Text>
            <Anchor component={Link} to={`/sessions/${data.lastCheckRunId}`} size="sm">
              Last session
            </Anchor>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {status.isPending ? 'Loading status…' : 'This monitor has not run yet. Use “Run now” to run it at once.'}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
