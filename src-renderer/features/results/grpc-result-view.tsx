import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { AssertionsTable } from './assertions-table';
import { formatMs, type CheckResultView } from './result-display';
import { readAssertions } from '../../../src-shared/schemas/result-payloads';

type GrpcPayload = NonNullable<CheckResultView['grpcCheckResult']>;

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function GrpcResultView({ grpc }: { grpc: GrpcPayload }) {
  const response = grpc.response;
  const ok = response.grpcStatusCode === 0;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Called{' '}
        <Text span ff="monospace">
          {response.grpcMethod}
        </Text>{' '}
        on{' '}
        <Text span ff="monospace">
          {response.host}:{response.port}
        </Text>
        {response.resolvedIp && response.resolvedIp !== response.host && (
          <>
            {' '}
            (<Text span ff="monospace">{response.resolvedIp}</Text>)
          </>
        )}{' '}
        over {grpc.request.tls ? 'TLS' : 'plaintext'}
      </Text>
      {grpc.requestError && (
        <Text size="sm" c="red" role="status">
          {grpc.requestError}
        </Text>
      )}
      <StatGrid
        label="Call"
        stats={[
          { label: 'Status', value: response.grpcStatusCode === null ? 'Not called' : `${response.grpcStatusCode} ${response.grpcStatusMessage.split(':')[0] ?? ''}`, color: ok ? 'teal' : 'red' },
          ...(response.grpcMode === 'HEALTH' ? [{ label: 'Health', value: response.healthStatusLabel || '—', color: response.healthStatus === 1 ? 'teal' : 'red' }] : []),
          { label: 'Connect', value: grpc.timingPhases.connect === null ? '—' : formatMs(grpc.timingPhases.connect) },
          { label: 'Total', value: formatMs(grpc.timingPhases.total) },
        ]}
      />
      {response.grpcStatusCode !== null && response.grpcStatusCode !== 0 && (
        <Text size="sm" aria-label="Status message">
          {response.grpcStatusMessage}
        </Text>
      )}
      <Stack gap={4}>
        <Title order={4}>{response.responseTruncated ? 'Response message (first 16 KiB)' : 'Response message'}</Title>
        {response.responseMessage ? (
          <Code block aria-label="Response message" mah={360} style={{ overflow: 'auto' }}>
            {response.responseTruncated ? response.responseMessage : prettyJson(response.responseMessage)}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            No message received.
          </Text>
        )}
      </Stack>
      {response.metadata.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Metadata</Title>
          <Table aria-label="Metadata" withTableBorder fz="sm">
            <Table.Tbody>
              {response.metadata.map((entry, index) => (
                <Table.Tr key={`${entry.key}-${index}`}>
                  <Table.Td ff="monospace">{entry.key}</Table.Td>
                  <Table.Td ff="monospace">{entry.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {response.discoveredMethods && response.discoveredMethods.length > 0 && (
        <Text size="sm" c="dimmed">
          Methods the definition has: {response.discoveredMethods.join(', ')}
        </Text>
      )}
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(grpc.assertions)} />
      </Stack>
    </Stack>
  );
}
