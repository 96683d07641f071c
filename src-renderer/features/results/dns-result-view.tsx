import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { AssertionsTable } from './assertions-table';
import { formatMs, type CheckResultView } from './result-display';
import { readAssertions } from '../../../src-shared/schemas/result-payloads';

type DnsPayload = NonNullable<CheckResultView['dnsCheckResult']>;

const dataText = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

export function DnsResultView({ dns, responseTime }: { dns: DnsPayload; responseTime: number }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Asked{' '}
        <Text span ff="monospace">
          {dns.serverAsked ?? 'no name server'}
        </Text>{' '}
        for {dns.request.recordType}{' '}
        <Text span ff="monospace">
          {dns.request.query}
        </Text>{' '}
        over {dns.request.protocol}
      </Text>
      {dns.error && (
        <Text size="sm" c="red" role="status">
          {dns.error}
        </Text>
      )}
      <StatGrid
        label="Response"
        stats={[
          { label: 'Response code', value: dns.rcode ?? '—', color: dns.rcode === 'NOERROR' ? 'teal' : 'red' },
          { label: 'Records', value: dns.answers.length },
          { label: 'Response time', value: dns.rcode === null ? '—' : formatMs(responseTime) },
        ]}
      />
      <Stack gap={4}>
        <Title order={4}>Answer</Title>
        {dns.answers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No records.
          </Text>
        ) : (
          <Table aria-label="Answer" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>TTL</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Data</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dns.answers.map((record, index) => (
                <Table.Tr key={index}>
                  <Table.Td ff="monospace">{record.name}</Table.Td>
                  <Table.Td>{record.ttl}</Table.Td>
                  <Table.Td>{record.type}</Table.Td>
                  <Table.Td>
                    <Code>{dataText(record.data)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={readAssertions(dns.assertions)} />
      </Stack>
    </Stack>
  );
}
