import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Picks the check group a monitor belongs to; clearing it takes the monitor out of its group. */
export function GroupSelect({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  const data = (groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }));
  return (
    <Select
      label="Group"
      description={
        groups.isError
          ? 'Groups could not be loaded; reload the page to pick one.'
          : 'The group lends its locations, alert settings and variables to its monitors.'
      }
      placeholder={data.length === 0 && !groups.isPending ? 'No groups yet — create one under Groups' : 'No group'}
      data={data}
      clearable
      // Named and not hidden, so a screen reader (and a test) finds how to take the monitor out of its group.
      clearButtonProps={{ 'aria-label': 'No group', 'aria-hidden': false }}
      searchable
      nothingFoundMessage="No group with that name"
      {...inputProps}
    />
  );
}
