import { MultiSelect } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { MAX_DEPENDENCIES } from '../../../src-shared/rules/dependencies';
import { useTRPC } from '../../lib/trpc';

interface DependsOnSelectProps {
  inputProps: GetInputPropsReturnType;
  description: string;
}

/** Picks the monitors a monitor (or a group's monitors) depends on, by name; the server searches as you type. */
export function DependsOnSelect({ inputProps, description }: DependsOnSelectProps) {
  const trpc = useTRPC();
  // On a monitor's edit page: a monitor cannot depend on itself, so it is not offered.
  const self = useParams().id;
  const [search, setSearch] = useState('');
  const checks = useQuery({ ...trpc.checks.list.queryOptions({ limit: 100, page: 1, search: search.trim() || undefined }), placeholderData: keepPreviousData });
  const answer = checks.data?.items;
  const items = useMemo(() => answer?.filter((check) => check.id !== self), [answer, self]);
  // Names seen in earlier answers, so chosen monitors keep their label when a later search leaves them out.
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [seenFor, setSeenFor] = useState(items);
  if (items !== seenFor) {
    setSeenFor(items);
    setSeen((previous) => new Map([...previous, ...(items ?? []).map((c): [string, string] => [c.id, c.name])]));
  }
  const names = new Map([...seen, ...(items ?? []).map((c): [string, string] => [c.id, c.name])]);
  const selected = Array.isArray(inputProps.value) ? (inputProps.value as string[]) : [];
  const ids = new Set([...selected, ...(items ?? []).map((c) => c.id)]);
  const data = [...ids].map((id) => ({ value: id, label: names.get(id) ?? id }));
  return (
    <MultiSelect
      label="Depends on"
      description={checks.isError ? 'Monitors could not be loaded; reload the page to pick them.' : description}
      placeholder={selected.length === 0 ? 'No dependencies' : undefined}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={MAX_DEPENDENCIES}
      nothingFoundMessage="No monitor with that name"
      clearable
      {...inputProps}
    />
  );
}
