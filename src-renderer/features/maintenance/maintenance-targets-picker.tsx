import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';

interface MaintenanceTargetsPickerProps {
  checkIds: GetInputPropsReturnType;
  groupIds: GetInputPropsReturnType;
}

/** Picks monitors (searched on the server as you type) and groups by name, besides the window's tags. */
export function MaintenanceTargetsPicker({ checkIds, groupIds }: MaintenanceTargetsPickerProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const checks = useQuery({ ...trpc.checks.list.queryOptions({ limit: 100, page: 1, search: search.trim() || undefined }), placeholderData: keepPreviousData });
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  // Chosen monitors a later search leaves out keep their names.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const items = checks.data?.items;
  const [namesFor, setNamesFor] = useState(items);
  if (items !== namesFor) {
    setNamesFor(items);
    setNames((previous) => new Map([...previous, ...(items ?? []).map((c): [string, string] => [c.id, c.name])]));
  }
  const chosen = Array.isArray(checkIds.value) ? (checkIds.value as string[]) : [];
  const monitorIds = new Set([...chosen, ...(items ?? []).map((c) => c.id)]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label="Monitors"
        description="These monitors, whatever their tags."
        placeholder={chosen.length === 0 ? 'Search by name' : undefined}
        data={[...monitorIds].map((id) => ({ value: id, label: names.get(id) ?? id }))}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="No monitor with that name"
        clearable
        {...checkIds}
      />
      <MultiSelect
        label="Groups"
        description="Every monitor in these groups."
        placeholder={Array.isArray(groupIds.value) && groupIds.value.length > 0 ? undefined : 'Pick groups'}
        data={(groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
        searchable
        nothingFoundMessage="No group with that name"
        clearable
        {...groupIds}
      />
    </SimpleGrid>
  );
}
