import { MultiSelect } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DESKTOP_CHOSEN_MAX } from '../../../src-shared/schemas/desktop-notifications';
import { useTRPC } from '../../lib/trpc';

interface ChosenMonitorsSelectProps {
  value: string[];
  onChange(value: string[]): void;
  disabled: boolean;
  error?: string;
}

/** Picks the monitors whose alerts the desktop app shows, by name; the server searches as you type (one page, not the whole list). */
export function ChosenMonitorsSelect({ value, onChange, disabled, error }: ChosenMonitorsSelectProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const checks = useQuery({ ...trpc.checks.list.queryOptions({ limit: 100, page: 1, search: search.trim() || undefined }), placeholderData: keepPreviousData });
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const items = checks.data?.items ?? [];
  const known = new Map([...names, ...items.map((c): [string, string] => [c.id, c.name])]);
  const data = [...new Set([...value, ...items.map((c) => c.id)])].map((id) => ({ value: id, label: known.get(id) ?? id }));
  return (
    <MultiSelect
      label="Monitors"
      description={checks.isError ? 'Monitors could not be loaded; reload the page to pick them.' : 'Only these monitors’ alerts are shown as desktop notifications.'}
      placeholder={value.length === 0 ? 'Type a monitor’s name' : undefined}
      data={data}
      value={value}
      onChange={(next) => {
        setNames(known);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={DESKTOP_CHOSEN_MAX}
      nothingFoundMessage="No monitor with that name"
      disabled={disabled}
      error={error}
      clearable
    />
  );
}
