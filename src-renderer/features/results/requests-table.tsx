import { Badge, Button, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { DenseTable } from '../../components/dense-table';
import { useDurationScale } from '../../lib/duration-scale';
import { RequestDetails } from './request-details';
import { formatSize } from './requests-table-format';
import { MULTI_STEP_REQUESTS_PER_TEST, type MultiStepRequest } from '../../../src-shared/schemas/result-payloads';

/** A call failed when it got no answer or an error status; the flow may still have expected that. */
export function requestFailed(request: MultiStepRequest): boolean {
  return request.error !== undefined || request.status === undefined || request.status >= 400;
}

const REQUEST_COLUMNS = ['#', 'Method', 'URL', 'Status', 'Time', 'Size', 'Headers and bodies'];

function statusColor(status: number): string {
  if (status >= 400) return 'red';
  if (status >= 300) return 'blue';
  return 'teal';
}

/** Failed calls first, then the rest; each group in the order the test made them, numbered by that order. */
function failedFirst(requests: readonly MultiStepRequest[]): { request: MultiStepRequest; order: number }[] {
  const numbered = requests.map((request, index) => ({ request, order: index + 1 }));
  return [...numbered.filter(({ request }) => requestFailed(request)), ...numbered.filter(({ request }) => !requestFailed(request))];
}

/** The API calls of one test: failed ones first, marked ✗ with their error; # is the order the test made them in. */
export function RequestsTable({ requests, label }: { requests: readonly MultiStepRequest[]; label: string }) {
  const scale = useDurationScale(Math.max(0, ...requests.map((request) => request.durationMs * 1_000)), true);
  // A failed call's headers and bodies are open from the start: they are why one opens the result.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(requests.flatMap((request, index) => (requestFailed(request) ? [index + 1] : []))));
  const toggle = (order: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(order)) next.delete(order);
      else next.add(order);
      return next;
    });
  return (
    <>
      <DenseTable label={label} columns={REQUEST_COLUMNS} hiddenColumn={null} striped={false} highlightOnHover={false} verticalSpacing={4} minWidth={560}>
        {failedFirst(requests).map(({ request, order }) => {
          const failed = requestFailed(request);
          return (
            <Fragment key={order}>
              <Table.Tr data-failed={failed || undefined} bg={failed ? 'var(--mantine-color-red-light)' : undefined}>
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
                <Table.Td>
                  <Button size="compact-xs" variant="default" aria-expanded={open.has(order)} aria-label={`${open.has(order) ? 'Hide' : 'Show'} headers and bodies of call ${order}`} onClick={() => toggle(order)}>
                    {open.has(order) ? 'Hide' : 'Show'}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {open.has(order) && (
                <Table.Tr>
                  <Table.Td colSpan={REQUEST_COLUMNS.length}>
                    <RequestDetails request={request} label={`Headers and bodies of call ${order}: ${request.method} ${request.url}`} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
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
