import { Stack, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { AssertionsTable } from './assertions-table';
import { formatMs, type CheckResultView } from './result-display';
import { readAssertions } from '../../../src-shared/schemas/result-payloads';

type IcmpPayload = NonNullable<CheckResultView['icmpCheckResult']>;

export function IcmpResultView({ icmp }: { icmp: IcmpPayload }) {
  const { latency } = icmp;
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
          { label: 'Packet loss', value: `${icmp.packetLoss}%`, color: icmp.packetLoss > 0 ? 'red' : 'teal' },
        ]}
      />
      <StatGrid
        label="Latency"
        stats={[
          { label: 'Latency min', value: formatMs(latency.min, 3) },
          { label: 'Latency avg', value: formatMs(latency.avg, 3) },
          { label: 'Latency max', value: formatMs(latency.max, 3) },
          { label: 'Latency std dev', value: formatMs(latency.stdDev, 3) },
        ]}
      />
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(icmp.assertions)} />
      </Stack>
    </Stack>
  );
}
