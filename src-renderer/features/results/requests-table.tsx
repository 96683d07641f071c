import { Badge, Table, Text } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { useDurationScale } from '../../lib/duration-scale';
import { MULTI_STEP_REQUESTS_PER_TEST, type MultiStepRequest } from '../../../src-shared/schemas/result-payloads';

/** A call failed when it got no answer or an error status; the flow may still have expected that. */
export function requestFailed(request: MultiStepRequest): boolean {
  return request.error !== undefined || request.status === undefined || request.status >= 400;
}

const REQUEST_COLUMNS = ['#', 'Method', 'URL', 'Status', 'Time', 'Size'];

function statusColor(status: number): string {
  if (status >= 400) return 'red';
  if (status >= 300) return 'blue';
  return 'teal';
}

/** "1.2 kB": body sizes in the units a browser's network panel uses. */
function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Failed calls first, then the rest; each group in the order the test made them, numbered by that order. */
function failedFirst(requests: readonly MultiStepRequest[]): { request: MultiStepRequest; order: number }[] {
  const numbered = requests.map((request, index) => ({ request, order: index + 1 }));
  return [...numbered.filter(({ request }) => requestFailed(request)), ...numbered.filter(({ request }) => !requestFailed(request))];
}

/** The API calls of one test: failed ones first, marked ✗ with their error; # is the order the test made them in. */
export function RequestsTable({ requests, label }: { requests: readonly MultiStepRequest[]; label: string }) {
  const scale = useDurationScale(Math.max(0, ...requests.map((request) => request.durationMs * 1_000)), true);
  return (
    <>
      <DenseTable label={label} columns={REQUEST_COLUMNS} hiddenColumn={null} striped={false} verticalSpacing={4} minWidth={560}>
        {failedFirst(requests).map(({ request, order }) => {
          const failed = requestFailed(request);
          return (
            <Table.Tr key={order} data-failed={failed || undefined} bg={failed ? 'var(--mantine-color-red-light)' : undefined}>
              <Table.Td ff="monospace" c="dimmed">
                {order}
              </Table.Td>
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
              <Table.Td ff="monospace">{scale.format(request.durationMs * 1_000)}</Table.Td>
              <Table.Td ff="monospace">{formatSize(request.sizeBytes)}</Table.Td>
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
