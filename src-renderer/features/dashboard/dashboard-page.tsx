import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { InMaintenanceList } from '../maintenance/in-maintenance-list';
import { HEALTH_DISPLAY, type MonitorHealth } from '../monitors/monitor-health';
import { NewMonitorButtons } from '../monitors/new-monitor-buttons';
import { pollInterval, useLiveUpdates } from '../sessions/live-updates-context';
import { SessionsTable } from '../sessions/sessions-table';
import { AgentSaturationAlert } from './agent-saturation-alert';
import { OverrunningChecksNote } from '../agent/overrunning-checks-note';
import { AgentOfflineAlert } from '../agent/agent-offline-alert';
import { HealthCountCard } from './health-count-card';
import { LanesSummary } from './lanes-summary';
import { OpenIncidents } from './open-incidents';
import { ProblemMonitors } from './problem-monitors';
import { RecentNotifications } from './recent-notifications';
import { useDashboardSummary } from './use-dashboard-summary';

const CARDS: readonly MonitorHealth[] = ['passing', 'failing', 'degraded', 'paused', 'not-run'];
const RECENT_SESSIONS = 10;

function Section({ title, link, className, children }: { title: string; link?: { to: string; label: string }; className?: string; children: ReactNode }) {
  return (
    <Stack gap={4} className={className}>
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Stack>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

export function DashboardPage() {
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const summary = useDashboardSummary();
  const sessions = useQuery({
    ...trpc.checkSessions.listRecent.queryOptions({ limit: RECENT_SESSIONS }),
    refetchInterval: pollInterval(live, 10_000),
  });
  const data = summary.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="The state of everything Sightline watches, at a glance."
        actions={
          summary.live && (
            <Badge variant="dot" color="teal" aria-label="Dashboard updates live">
              Live
            </Badge>
          )
        }
      />
      {data && <AgentOfflineAlert connectivity={data.agent.connectivity} linkToAgent />}
      {data && <AgentSaturationAlert agent={data.agent} />}
      {data && <OverrunningChecksNote health={data.agent} />}
      {!data && summary.error !== null && <QueryError title="The dashboard could not be loaded" error={summary.error} onRetry={summary.refetch} />}
      {data && data.total === 0 ? (
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
              <HealthCountCard key={key} label={HEALTH_DISPLAY[key].label} count={data?.counts[key] ?? 0} color={HEALTH_DISPLAY[key].color} pending={!data} />
            ))}
          </SimpleGrid>
          <InMaintenanceList />
          <Section title="Failing and degraded" className="dashboard-problems" link={{ to: '/monitors', label: `All ${data?.total ?? ''} monitors` }}>
            {!data && <Quiet>Loading…</Quiet>}
            {data && data.problems.items.length === 0 && <Quiet>Every monitor that has run is passing.</Quiet>}
            {data && data.problems.items.length > 0 && (
              <>
                <ProblemMonitors rows={data.problems.items} />
                {data.problems.total > data.problems.items.length && (
                  <Text size="xs" c="dimmed">
                    Showing {data.problems.items.length} of {data.problems.total}: failing first, then degraded, by name.
                  </Text>
                )}
              </>
            )}
          </Section>
          <Section title="Open incidents" link={{ to: '/status-page', label: 'Status page' }}>
            {data && data.incidents.items.length === 0 && <Quiet>No open incident.</Quiet>}
            {data && data.incidents.items.length > 0 && <OpenIncidents items={data.incidents.items} />}
            {data && data.incidents.total > data.incidents.items.length && (
              <Text size="xs" c="dimmed">
                {data.incidents.total} open incidents; the newest {data.incidents.items.length} are shown.
              </Text>
            )}
          </Section>
          <Section title="Recent notifications" link={{ to: '/notifications', label: 'All notifications' }}>
            {data && data.notifications.length === 0 && <Quiet>No alert was sent yet.</Quiet>}
            {data && data.notifications.length > 0 && <RecentNotifications items={data.notifications} />}
          </Section>
          <Section title="Agent">{data && <LanesSummary agent={data.agent} />}</Section>
          <Section title="Recent sessions" link={{ to: '/sessions', label: 'All sessions' }}>
            {sessions.data && sessions.data.length === 0 && <Quiet>No monitor has run yet.</Quiet>}
            {sessions.data && sessions.data.length > 0 && <SessionsTable sessions={sessions.data} label="Recent sessions" />}
          </Section>
        </Stack>
      )}
    </>
  );
}
