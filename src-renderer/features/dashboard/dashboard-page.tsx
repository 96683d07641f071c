import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { HEALTH_DISPLAY, type MonitorHealth } from '../monitors/monitor-health';
import { NewMonitorButtons } from '../monitors/new-monitor-buttons';
import { pollInterval, useLiveUpdates } from '../sessions/live-updates-context';
import { SessionsTable } from '../sessions/sessions-table';
import { AgentSaturationAlert } from './agent-saturation-alert';
import { HealthCountCard } from './health-count-card';
import { ProblemMonitorsTable } from './problem-monitors-table';
import { useMonitorHealth } from './use-monitor-health';

const CARDS: readonly MonitorHealth[] = ['passing', 'failing', 'degraded', 'paused', 'not-run'];
const RECENT_SESSIONS = 10;

export function DashboardPage() {
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const health = useMonitorHealth();
  const sessions = useQuery({
    ...trpc.checkSessions.listRecent.queryOptions({ limit: RECENT_SESSIONS }),
    refetchInterval: pollInterval(live, 10_000),
  });
  const problems = health.rows.filter((row) => row.health === 'failing' || row.health === 'degraded');

  return (
    <>
      <PageHeader title="Dashboard" description="The state of everything Sightline watches, at a glance." />
      <AgentSaturationAlert />
      {health.error !== null && <QueryError title="Monitor states could not be loaded" error={health.error} onRetry={health.refetch} />}
      {!health.pending && health.total === 0 ? (
        <EmptyState
          title="No monitors yet"
          action={
            <Group gap="xs" justify="center">
              <NewMonitorButtons variant="light" />
            </Group>
          }
        >
          Create a monitor and its state, failures and recent runs will be summarised here.
        </EmptyState>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            {CARDS.map((key) => (
              <HealthCountCard key={key} label={HEALTH_DISPLAY[key].label} count={health.counts[key]} color={HEALTH_DISPLAY[key].color} pending={health.pending} />
            ))}
          </SimpleGrid>
          <Stack gap={4}>
            <Group justify="space-between">
              <Title order={4}>Failing and degraded</Title>
              <Anchor component={Link} to="/monitors" size="sm">
                All {health.total} monitors
              </Anchor>
            </Group>
            {problems.length === 0 ? (
              <Text size="sm" c="dimmed">
                {health.pending ? 'Loading…' : 'Every monitor that has run is passing.'}
              </Text>
            ) : (
              <ProblemMonitorsTable rows={problems} />
            )}
          </Stack>
          <Stack gap={4}>
            <Group justify="space-between">
              <Title order={4}>Recent sessions</Title>
              <Anchor component={Link} to="/sessions" size="sm">
                All sessions
              </Anchor>
            </Group>
            {sessions.data && sessions.data.length === 0 && (
              <Text size="sm" c="dimmed">
                No monitor has run yet.
              </Text>
            )}
            {sessions.data && sessions.data.length > 0 && <SessionsTable sessions={sessions.data} label="Recent sessions" />}
          </Stack>
        </Stack>
      )}
    </>
  );
}
