import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClusterNodeView } from '../../../src-shared/rules/cluster';
import { DenseTable } from '../../components/dense-table';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { formatAt } from '../../lib/date-time';
import { useTRPC } from '../../lib/trpc';

/** How often the list is asked again while Settings is open: about a heartbeat (5 s at the default failover delay). */
const REFRESH_MS = 5_000;

function secondsAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return seconds < 2 ? 'just now' : `${seconds} s ago`;
}

function RoleBadge({ node }: { node: ClusterNodeView }) {
  if (!node.alive) return <Badge color="gray" variant="light">Stopped</Badge>;
  return node.role === 'leader' ? <Badge color="teal">Leader</Badge> : <Badge color="blue" variant="light">Standby</Badge>;
}

/**
 * The servers of this cluster (issue 35, item 6): on SQLite this server alone, leading a one-node
 * cluster; in team mode every server on the same PostgreSQL database, the one running the scheduler,
 * alerting and retention marked Leader, the others Standby (healthy, answering requests).
 */
export function ClusterPanel() {
  const trpc = useTRPC();
  const cluster = useQuery({ ...trpc.agent.clusterNodes.queryOptions(), refetchInterval: REFRESH_MS, retry: false });
  // "N s ago" as of the answer (rows are drawn only once there is one): the list is asked again every few seconds.
  const now = cluster.dataUpdatedAt;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cluster-title">
      <Stack gap="sm">
        <Title order={3} id="cluster-title">
          Servers
        </Title>
        <Text size="sm" c="dimmed">
          The servers of this Sightline and their roles. One leader runs the schedule, alert judging and retention; standbys answer requests and take over when the leader
          stops renewing its lease{cluster.data ? ` for ${cluster.data.self.failoverDelaySeconds} s` : ''}.
        </Text>
        {cluster.isPending && <LoadingBlock label="Loading the servers" />}
        {cluster.isError && <QueryError title="The servers could not be listed" error={cluster.error} onRetry={() => void cluster.refetch()} />}
        {cluster.data && (
          <DenseTable label="Servers" columns={['Server', 'Role', 'Last heartbeat', 'Started', 'Version']} hiddenColumn={null} highlightOnHover={false} verticalSpacing={4} minWidth={620}>
            {cluster.data.nodes.map((node) => (
              <Table.Tr key={node.nodeId}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} ff="monospace">
                      {node.nodeId}
                    </Text>
                    {node.thisServer && (
                      <Badge size="sm" variant="outline" color="gray">
                        this server
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <RoleBadge node={node} />
                </Table.Td>
                <Table.Td title={formatAt(node.heartbeatAt)}>{secondsAgo(node.heartbeatAt, now)}</Table.Td>
                <Table.Td>{formatAt(node.startedAt)}</Table.Td>
                <Table.Td>{node.version || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </DenseTable>
        )}
        {cluster.data && cluster.data.nodes.length === 1 && (
          <Text size="sm" c="dimmed">
            One server, on the data folder’s SQLite database: it leads a cluster of one.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
