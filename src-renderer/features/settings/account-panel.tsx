import { Code, Paper, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { formatCreated } from '../monitors/check-display';

export function AccountPanel() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  return (
    <Paper withBorder p="md">
      <Title order={3} mb="sm">
        Account
      </Title>
      {me.isPending && <LoadingBlock label="Loading account" />}
      {me.isError && <QueryError title="The account could not be loaded" error={me.error} onRetry={() => void me.refetch()} />}
      {me.data && (
        <Table variant="vertical" withTableBorder fz="sm" verticalSpacing={4} aria-label="Account">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Name</Table.Th>
              <Table.Td>{me.data.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Account id</Table.Th>
              <Table.Td>
                <Code>{me.data.id}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Td>{me.data.planDisplayName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Runtime</Table.Th>
              <Table.Td>{me.data.runtimeId}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Created</Table.Th>
              <Table.Td>{formatCreated(me.data.created_at)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
