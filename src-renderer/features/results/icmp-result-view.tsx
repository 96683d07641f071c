import { Stack, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { formatPercent } from '../../lib/number-format';
import { AssertionsTable } from './assertions-table';
import { RawOutputBlock } from './raw-output-block';
import { useDurationScale } from '../../lib/duration-scale';
import { type CheckResultView } from './result-display';
import { readAssertions } from '../../../src-shared/schemas/result-payloads';

type IcmpPayload = NonNullable<CheckResultView['icmpCheckResult']>;

export function IcmpResultView({ icmp }: { icmp: IcmpPayload }) {
  const { latency } = icmp;
  // With every packet lost there is no latency to show; the stored zeros are placeholders.
  const scale = useDurationScale(latency.max * 1_000, false);
  const latencyOf = (ms: number) => (icmp.packetsReceived > 0 ? scale.format(ms * 1_000) : '—');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Pinged <Text span ff="monospace">{icmp.hostname ?? '—'}</Text>
        {icmp.resolvedAddress && icmp.resolvedAddress !== icmp.hostname && (
          <>
            {' '}
            (<Text span ff="monospace">{icmp.resolvedAddress}</Text>)
          </>
        )}
      </Text>
      <StatGrid
        label="Packets"
        stats={[
          { label: 'Packets sent', value: icmp.packetsSent },
          { label: 'Packets received', value: icmp.packetsReceived },
          { label: 'Packet loss', value: formatPercent(icmp.packetLoss), color: icmp.packetLoss > 0 ? 'red' : 'teal' },
        ]}
      />
      <StatGrid
        label="Latency"
        stats={[
          { label: 'Latency min', value: latencyOf(latency.min) },
          { label: 'Latency avg', value: latencyOf(latency.avg) },
          { label: 'Latency max', value: latencyOf(latency.max) },
          { label: 'Latency std dev', value: latencyOf(latency.stdDev) },
        ]}
      />
      <RawOutputBlock title="fping output" output={icmp.rawOutput} />
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(icmp.assertions)} />
      </Stack>
    </Stack>
  );
}
