import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The group read shape has no count, so each row asks for one page of one check and reads the total. */
export function GroupCheckCount({ groupId }: { groupId: number }) {
  const trpc = useTRPC();
  const count = useQuery(trpc.checks.list.queryOptions({ groupId, limit: 1, page: 1 }));
  if (count.isError) return <Text size="sm" c="dimmed">?</Text>;
  return <Text size="sm">{count.data ? count.data.total : '…'}</Text>;
}
