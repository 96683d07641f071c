import { Group, Pagination, Stack, Switch, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { ResultsTable } from '../results/results-table';

const PAGE_SIZE = 20;

/** The monitor's results of the last 6 hours (the API's window), newest first, paged. */
export function MonitorResults({ checkId }: { checkId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [withAttempts, setWithAttempts] = useState(false);
  const results = useQuery(
    trpc.checkResults.list.queryOptions(
      {
        checkId,
        query: { limit: PAGE_SIZE, page, resultType: withAttempts ? 'ALL' : 'FINAL', hasFailures: failuresOnly ? true : undefined },
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const totalPages = results.data ? Math.max(1, Math.ceil(results.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Recent results</Title>
        <Group gap="md">
          <Switch
            size="sm"
            label="Failures only"
            checked={failuresOnly}
            onChange={(event) => {
              setFailuresOnly(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <Switch
            size="sm"
            label="Include attempts"
            checked={withAttempts}
            onChange={(event) => {
              setWithAttempts(event.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {results.isError && <QueryError title="Results could not be loaded" error={results.error} onRetry={() => void results.refetch()} />}
      {results.data && results.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {failuresOnly ? 'No failed results in the last 6 hours.' : 'No results in the last 6 hours.'}
        </Text>
      )}
      {results.data && results.data.items.length > 0 && (
        <>
          <ResultsTable results={results.data.items} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {results.data.total} {results.data.total === 1 ? 'result' : 'results'} in the last 6 hours
            </Text>
            {totalPages > 1 && <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Result pages" />}
          </Group>
        </>
      )}
    </Stack>
  );
}
