import { Badge, Table, Text } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { formatResponseTimeMs } from '../../../src-shared/rules/response-time';
import { MULTI_STEP_REQUESTS_PER_TEST, type MultiStepRequest } from '../../../src-shared/schemas/result-payloads';

/** A call failed when it got no answer or an error status; the flow may still have expected that. */
export function requestFailed(request: MultiStepRequest): boolean {
  return request.error !== undefined || request.status === undefined || request.status >= 400;
}

const REQUEST_COLUMNS = ['Method', 'URL', 'Status', 'Time'];

function statusColor(status: number): string {
  if (status >= 400) return 'red';
  if (status >= 300) return 'blue';
  return 'teal';
}

/** The API calls of one test in the order it made them; failed ones marked ✗ with their error. */
export function RequestsTable({ requests, label }: { requests: readonly MultiStepRequest[]; label: string }) {
  return (
    <>
      <DenseTable label={label} columns={REQUEST_COLUMNS} hiddenColumn={null} striped={false} verticalSpacing={4} minWidth={480}>
        {requests.map((request, index) => {
          const failed = requestFailed(request);
          return (
            <Table.Tr key={index} data-failed={failed || undefined} bg={failed ? 'var(--mantine-color-red-light)' : undefined}>
              <Table.Td ff="monospace" c={failed ? 'red' : undefined} fw={failed ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {failed ? '✗ ' : ''}
                {request.method}
              </Table.Td>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {request.url}
                {request.error && (
                  <Text size="xs" c="red" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
                    {request.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {request.status === undefined ? (
                  <Badge size="sm" color="red" variant="light">
                    no answer
                  </Badge>
                ) : (
                  <Badge size="sm" color={statusColor(request.status)} variant="light">
                    {request.status}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ff="monospace">{formatResponseTimeMs(request.durationMs)}</Table.Td>
            </Table.Tr>
          );
        })}
      </DenseTable>
      {requests.length >= MULTI_STEP_REQUESTS_PER_TEST && (
        <Text size="xs" c="dimmed">
          The first {MULTI_STEP_REQUESTS_PER_TEST} requests are shown: a result keeps at most {MULTI_STEP_REQUESTS_PER_TEST} per test.
        </Text>
      )}
    </>
  );
}
