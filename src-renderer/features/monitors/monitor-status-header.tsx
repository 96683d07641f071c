import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { formatDuration, formatTime } from '../sessions/session-display';
import { HEALTH_DISPLAY, monitorHealth } from './monitor-health';

/** The monitor's state from its latest FINAL result: passing, failing, degraded, paused or not run yet. */
export function MonitorStatusHeader({ checkId, activated }: { checkId: string; activated: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.checkResults.status.queryOptions({ checkId }));
  const health = monitorHealth(status.data, activated);
  const display = HEALTH_DISPLAY[health];
  const data = status.data;
  return (
    <Paper withBorder p="sm" role="region" aria-label="Monitor status">
      <Group gap="lg" wrap="wrap">
        <Badge size="lg" color={display.color} variant="filled" data-health={health}>
          {display.label}
        </Badge>
        {data && data.lastCheckRunId !== null ? (
          <>
            <Text size="sm">
              Last run {formatTime(data.updated_at)} from <Text span ff="monospace">{data.lastRunLocation ?? '—'}</Text>
            </Text>
            <Text size="sm" c="dimmed">
              Fastest {formatDuration(data.shortestRun)} · slowest {formatDuration(data.longestRun)}
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
