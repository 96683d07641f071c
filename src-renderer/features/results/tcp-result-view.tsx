import { Code, Stack, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { AssertionsTable } from './assertions-table';
import { formatMs, type CheckResultView } from './result-display';
import { readAssertions } from '../../../src-shared/schemas/result-payloads';

type TcpPayload = NonNullable<CheckResultView['tcpCheckResult']>;

const ENDED: Record<TcpPayload['ended'], string> = {
  PEER_CLOSED: 'Peer closed',
  ENOUGH_DATA: 'Sightline closed',
  TIME_LIMIT: 'Time limit',
  ERROR: 'Error',
};

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {text ? (
        <Code block aria-label={title} mah={360} style={{ overflow: 'auto' }}>
          {text}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing received.
        </Text>
      )}
    </Stack>
  );
}

export function TcpResultView({ tcp }: { tcp: TcpPayload }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Connected to{' '}
        <Text span ff="monospace">
          {tcp.request.hostname}:{tcp.request.port}
        </Text>
        {tcp.resolvedAddress && tcp.resolvedAddress !== tcp.request.hostname && (
          <>
            {' '}
            (<Text span ff="monospace">{tcp.resolvedAddress}</Text>)
          </>
        )}
      </Text>
      {tcp.error && (
        <Text size="sm" c="red" role="status">
          {tcp.error}
        </Text>
      )}
      <StatGrid
        label="Connection"
        stats={[
          { label: 'Connect time', value: tcp.connectTimeMs === null ? '—' : formatMs(tcp.connectTimeMs) },
          { label: 'Bytes received', value: tcp.bytesReceived },
          { label: 'Ended', value: ENDED[tcp.ended], color: tcp.ended === 'ERROR' || tcp.ended === 'TIME_LIMIT' ? 'red' : 'teal' },
        ]}
      />
      {tcp.request.dataSent && <TextBlock title="Data sent" text={tcp.request.dataSent} />}
      <TextBlock title={tcp.truncated ? 'Response (first 4 KiB)' : 'Response'} text={tcp.responseData} />
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(tcp.assertions)} />
      </Stack>
    </Stack>
  );
}
