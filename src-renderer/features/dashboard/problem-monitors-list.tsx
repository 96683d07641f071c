import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentMaintenance } from '../maintenance/use-current-maintenance';
import { formatElapsed, useNow } from './elapsed';
import { ProblemStateBadges } from './problem-state-badges';
import type { DashboardSummary } from './use-dashboard-summary';

/**
 * The failing and degraded monitors for a phone: one block each with its state, how long, and its
 * last error written out in full, where the wide table would push the error off-screen.
 */
export function ProblemMonitorsList({ rows }: { rows: DashboardSummary['problems']['items'] }) {
  const now = useNow();
  const maintenance = useCurrentMaintenance();
  return (
    <Stack gap={6} component="ul" aria-label="Failing and degraded monitors" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <Paper key={row.checkId} withBorder p="xs" component="li">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Anchor component={Link} to={`/monitors/${row.checkId}`} size="sm" fw={600} truncate>
              {row.name}
            </Anchor>
            <ProblemStateBadges row={row} maintenance={maintenance.get(row.checkId)} />
          </Group>
          {row.error && (
            <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
              {row.error}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[row.since === null ? null : `For ${formatElapsed(row.since, now)}`, row.lastRunLocation].filter(Boolean).join(' · ')}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
