import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TagBadges } from '../../components/tag-badges';
import { humanLabel } from '../../lib/labels';
import { MaintenanceBadge } from '../maintenance/maintenance-badge';
import { useCurrentMaintenance } from '../maintenance/use-current-maintenance';
import { formatExact, formatUptime, relativeTime, type MonitorOverviewItem } from './check-display';
import { MONITOR_HEALTH_ORDER } from './monitor-health';
import { MonitorHealthBadge } from './monitor-status-badge';
import { RunNowIcon } from './run-now-button';
import { useResponseScale } from './monitors-table';
import { isEditableCheckType } from './use-update-check';

/** Worst first, whatever the page's sort: on a phone at 4 a.m. the failures are what one opens the list for. */
export function failuresFirst(monitors: readonly MonitorOverviewItem[]): MonitorOverviewItem[] {
  const rank = (monitor: MonitorOverviewItem) => MONITOR_HEALTH_ORDER.indexOf(monitor.health);
  return [...monitors].sort((a, b) => rank(a) - rank(b));
}

/**
 * The Monitors list on a phone: one card per monitor, failures first — its health, name, what it
 * watches, its last run, response time and uptime, and Run now — in the width of the screen.
 */
export function MonitorCards({ monitors, canRun, now }: { monitors: readonly MonitorOverviewItem[]; canRun: boolean; now: number }) {
  const maintenance = useCurrentMaintenance();
  const responseScale = useResponseScale(monitors);
  return (
    <Stack gap={6} component="ul" aria-label="Monitors" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {failuresFirst(monitors).map((monitor) => (
        <Paper
          key={monitor.id}
          withBorder
          p="xs"
          component="li"
          aria-label={monitor.name}
          data-health={monitor.health}
          style={monitor.health === 'failing' ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/monitors/${monitor.id}`} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {monitor.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {humanLabel(monitor.checkType)} · {monitor.target ?? '—'}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <MonitorHealthBadge health={monitor.health} muted={monitor.muted} flapping={monitor.flapping} />
              {canRun && isEditableCheckType(monitor.checkType) && <RunNowIcon checkId={monitor.id} name={monitor.name} />}
            </Group>
          </Group>
          <MaintenanceBadge open={maintenance.get(monitor.id)} />
          <Text size="xs" mt={4}>
            {monitor.lastRunAt === null ? (
              'Not run yet'
            ) : (
              <>
                Last run{' '}
                <time dateTime={monitor.lastRunAt} title={formatExact(monitor.lastRunAt)}>
                  {relativeTime(monitor.lastRunAt, now)}
                </time>{' '}
                · {responseScale.format(monitor.lastResponseUs, monitor.lastResponsePrecise)} · uptime 24 h {formatUptime(monitor.uptime24h)}
              </>
            )}
          </Text>
          {monitor.tags.length > 0 && <TagBadges tags={monitor.tags} />}
        </Paper>
      ))}
    </Stack>
  );
}
