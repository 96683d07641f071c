import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { StatGrid } from '../../components/stat-grid';
import { formatPercent } from '../../lib/number-format';
import { AssertionsTable } from './assertions-table';
import { RawOutputBlock } from './raw-output-block';
import { useDurationScale } from '../../lib/duration-scale';
import { formatValue } from './result-display';
import { readAssertions, type TracerouteCheckResult, type TracerouteHop } from '../../../src-shared/schemas/result-payloads';

interface TracerouteResultViewProps {
  traceroute: TracerouteCheckResult;
  assertions: unknown;
}


const HOP_COLUMNS = ['Hop', 'IP', 'Host', 'Loss', 'Last', 'Avg', 'Best', 'Worst', 'Std dev'];

export function TracerouteResultView({ traceroute, assertions }: TracerouteResultViewProps) {
  const final = traceroute.finalHopLatency;
  const scale = useDurationScale(Math.max(0, ...traceroute.hops.map((hop) => hop.rtt.worst_ms * 1_000)), false);
  const formatMs = (ms: number | null | undefined) => scale.format(ms === null || ms === undefined ? null : ms * 1_000);
  // A hop that answered no probe measured nothing: mtr's zeros there are not times.
  const hopMs = (hop: TracerouteHop, ms: number) => (hop.received > 0 ? formatMs(ms) : '—');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Traced <Text span ff="monospace">{traceroute.hostname}</Text>
        {traceroute.resolvedIp && <> ({traceroute.resolvedIp})</>}
        {traceroute.protocol && <> over {traceroute.protocol}{traceroute.port ? ` port ${traceroute.port}` : ''}</>}
      </Text>
      <StatGrid
        label="Path"
        stats={[
          { label: 'Total hops', value: traceroute.totalHops ?? traceroute.hops.length },
          {
            label: 'Destination reached',
            value: traceroute.destinationReached ? 'Yes' : 'No',
            color: traceroute.destinationReached ? 'teal' : 'red',
          },
          { label: 'Final hop avg', value: formatMs(final?.avg) },
          { label: 'Final hop worst', value: formatMs(final?.max) },
        ]}
      />
      <Stack gap={4}>
        <Title order={4}>Hops</Title>
        <DenseTable label="Hops" columns={HOP_COLUMNS} hiddenColumn={null} minWidth={820} highlightOnHover={false} verticalSpacing={4}>
          {traceroute.hops.map((hop) => (
            <Table.Tr key={hop.hop_number}>
              <Table.Td>{hop.hop_number}</Table.Td>
              <Table.Td ff="monospace">{hop.main_ip ?? '???'}</Table.Td>
              <Table.Td ff="monospace">{formatValue(hop.main_host)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={hop.loss_percentage > 0 ? 'red' : 'teal'}>
                  {formatPercent(hop.loss_percentage)}
                </Badge>
              </Table.Td>
              <Table.Td>{hopMs(hop, hop.rtt.last_ms)}</Table.Td>
              <Table.Td>{hopMs(hop, hop.rtt.avg_ms)}</Table.Td>
              <Table.Td>{hopMs(hop, hop.rtt.best_ms)}</Table.Td>
              <Table.Td>{hopMs(hop, hop.rtt.worst_ms)}</Table.Td>
              <Table.Td>{hopMs(hop, hop.rtt.stddev_ms)}</Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      </Stack>
      <RawOutputBlock title="mtr output" output={traceroute.rawOutput} />
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(assertions)} />
      </Stack>
    </Stack>
  );
}
