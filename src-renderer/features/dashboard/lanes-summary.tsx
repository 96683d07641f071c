import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatWait, LANE_LABEL } from '../agent/lane-display';
import type { DashboardSummary } from './use-dashboard-summary';

/** One line per execution lane of the embedded agent: busy, waiting, skipped in the last hour. */
export function LanesSummary({ agent }: { agent: DashboardSummary['agent'] }) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Agent lanes">
      <Group gap="lg" wrap="wrap">
        {agent.lanes.length === 0 && (
          <Text size="sm" c="dimmed">
            This server runs no agent of its own.
          </Text>
        )}
        {agent.lanes.map((lane) => (
          <Text key={lane.lane} size="sm" aria-label={`${LANE_LABEL[lane.lane]} lane`}>
            <Text span fw={600}>
              {LANE_LABEL[lane.lane]}
            </Text>{' '}
            {lane.running}/{lane.capacity} running · {lane.queued} queued
            {lane.oldestWaitMs > 0 && ` (oldest waits ${formatWait(lane.oldestWaitMs)})`}
            {lane.skippedLastHour > 0 && (
              <Text span c="orange" fw={600}>
                {' '}
                · {lane.skippedLastHour} skipped in the last hour
              </Text>
            )}
          </Text>
        ))}
        <Anchor component={Link} to="/agent" size="sm" ml="auto">
          Agent
        </Anchor>
      </Group>
    </Paper>
  );
}
