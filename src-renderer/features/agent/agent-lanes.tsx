import { Alert, Code, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { AGENT_RUN_TYPE_NAMES, laneFlagOf } from '../../../src-shared/check-types';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { IcmpModeNote } from './icmp-mode-note';
import { AgentOfflineAlert } from './agent-offline-alert';
import { ConnectivityNote } from './connectivity-note';
import { ClockEventsNote } from './clock-events-note';
import { LanesTable } from './lanes-table';
import { MultiStepIsolationNote } from './multistep-isolation-note';
import { OverrunningChecksNote } from './overrunning-checks-note';

const REFRESH_MS = 5_000;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The embedded agent's execution lanes, kept fresh, with what to do when runs are being skipped. */
export function AgentLanes() {
  const trpc = useTRPC();
  const health = useQuery({ ...trpc.agent.health.queryOptions(), refetchInterval: REFRESH_MS });

  if (health.isPending) return <LoadingBlock label="Loading execution lanes" />;
  if (health.isError && !health.data) return <QueryError title="Execution lanes could not be loaded" error={health.error} onRetry={() => void health.refetch()} />;
  const { data } = health;
  // The lanes count this agent's skips; the status counts every agent's, private locations' included.
  const skippedElsewhere = data.skippedLastHour - data.lanes.reduce((n, lane) => n + lane.skippedLastHour, 0);
  return (
    <Stack gap="xs">
      {health.isError && <QueryError title="Execution lanes could not be refreshed" error={health.error} onRetry={() => void health.refetch()} />}
      <AgentOfflineAlert connectivity={data.connectivity} />
      {data.status === 'saturated' && (
        <Alert color="orange" variant="light" title="Runs are being skipped">
          {data.message}
          {skippedElsewhere > 0 && (
            <Text size="xs" mt={4}>
              Of these, {skippedElsewhere === 1 ? '1 was a run for a private location' : `${skippedElsewhere} were runs for private locations`}; the table below counts only this
              agent&apos;s lanes.
            </Text>
          )}
        </Alert>
      )}
      <ClockEventsNote events={data.clockEvents} />
      <OverrunningChecksNote health={data} />
      {data.lanes.length === 0 ? (
        <Text size="sm" c="dimmed">
          This server runs no agent of its own, so it has no lanes; checks run on the agents of private locations.
        </Text>
      ) : (
        <LanesTable lanes={data.lanes} />
      )}
      <ConnectivityNote connectivity={data.connectivity} />
      <IcmpModeNote mode={data.icmpMode} />
      <MultiStepIsolationNote isolation={data.multiStepIsolation} />
      <Text size="xs" c="dimmed">
        Capacities:{' '}
        {AGENT_RUN_TYPE_NAMES.map((type, i) => (
          <Fragment key={type}>
            <Code style={NOWRAP}>{laneFlagOf(type)}</Code>
            {i < AGENT_RUN_TYPE_NAMES.length - 1 ? ', ' : ' or '}
          </Fragment>
        ))}
        <Code style={NOWRAP}>SIGHTLINE_LANE_*</Code> when starting{' '}
        <Code style={NOWRAP}>sightline serve</Code>.
      </Text>
    </Stack>
  );
}
