import { Button, Chip, Group, Select, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { CHECK_TYPES, type CheckType } from '../../../src-shared/enums';
import type { MonitorListParams, MonitorListUpdate } from './monitor-list-params';
import { HEALTH_DISPLAY, MONITOR_HEALTH_ORDER, type MonitorHealth } from './monitor-health';
import { labelledOptions } from '../../lib/labels';

interface MonitorFiltersProps {
  value: MonitorListParams;
  onChange: MonitorListUpdate;
  /** Tags the account's monitors carry, offered while typing. */
  tagSuggestions: readonly string[];
  groups: readonly { id: number; name: string }[];
  /** Projects of monitoring as code, for the "managed by" filter. */
  projects: readonly { id: string; name: string }[];
}

/**
 * Mantine keeps a closed combobox's dropdown mounted (display: none), and floating-ui then measures
 * it (getComputedStyle, a forced style recalculation of the whole page) on every render: with a
 * 50-row table that was a good part of the list's render time. Closed dropdowns are not mounted here.
 */
export const UNMOUNTED_WHEN_CLOSED = { keepMounted: false } as const;

/** How long the search waits after a keystroke before it asks the server: coalesces a paste or a burst of keys, and keeps a keystroke-to-rows time under 200 ms. */
const SEARCH_DEBOUNCE_MS = 60;
const NO_GROUP = 'none';
const TYPE_OPTIONS = labelledOptions(CHECK_TYPES);

export function MonitorFilters({ value, onChange, tagSuggestions, groups, projects }: MonitorFiltersProps) {
  // The box shows what is typed at once; the URL (and the query) follow once typing pauses.
  const [search, setSearch] = useState(value.search);
  const [searchInUrl, setSearchInUrl] = useState(value.search);
  if (value.search !== searchInUrl) {
    setSearchInUrl(value.search);
    // The URL changed under the box (back button, "Clear filters"), not by what is being typed: show what it says.
    if (value.search !== search.trim()) setSearch(value.search);
  }
  const pushSearch = useDebouncedCallback((text: string) => onChange({ search: text }, { replace: true }), SEARCH_DEBOUNCE_MS);
  const managedOptions = [
    { group: 'Managed by', items: [{ value: 'code', label: 'Code (any project)' }, { value: 'console', label: 'The console only' }] },
    ...(projects.length > 0 ? [{ group: 'Project', items: projects.map((project) => ({ value: project.id, label: project.name })) }] : []),
  ];
  const groupOptions = [{ value: NO_GROUP, label: 'No group' }, ...groups.map((group) => ({ value: String(group.id), label: group.name }))];

  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        aria-label="Search monitors"
        placeholder="Search by name"
        type="search"
        w={240}
        value={search}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setSearch(text);
          pushSearch(text);
        }}
      />
      <Select
        aria-label="Filter by type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        clearable
        comboboxProps={UNMOUNTED_WHEN_CLOSED}
        w={160}
        value={value.checkType}
        onChange={(checkType) => onChange({ checkType: checkType as CheckType | null })}
      />
      <TagsInput
        aria-label="Filter by tag"
        placeholder={value.tags.length === 0 ? 'Filter by tag, Enter to add' : undefined}
        data={[...tagSuggestions]}
        comboboxProps={UNMOUNTED_WHEN_CLOSED}
        clearable
        w={240}
        value={value.tags}
        onChange={(tags) => onChange({ tags })}
      />
      <Select
        aria-label="Filter by group"
        placeholder="All groups"
        data={groupOptions}
        searchable
        clearable
        comboboxProps={UNMOUNTED_WHEN_CLOSED}
        w={200}
        value={value.group === null ? null : String(value.group)}
        onChange={(group) => onChange({ group: group === null ? null : group === NO_GROUP ? 'none' : Number(group) })}
      />
      <Select
        aria-label="Filter by code or console"
        placeholder="Code and console"
        data={managedOptions}
        clearable
        comboboxProps={UNMOUNTED_WHEN_CLOSED}
        w={200}
        value={value.managed}
        onChange={(managed) => onChange({ managed })}
      />
    </Group>
  );
}

interface HealthFilterProps {
  value: readonly MonitorHealth[];
  counts: Record<MonitorHealth, number> | undefined;
  onChange: MonitorListUpdate;
}

/** One chip per health with how many monitors have it (under the other filters); none picked shows all. */
export function HealthFilter({ value, counts, onChange }: HealthFilterProps) {
  return (
    <Group gap={6} role="group" aria-label="Filter by status">
      <Chip.Group multiple value={[...value]} onChange={(picked) => onChange({ health: MONITOR_HEALTH_ORDER.filter((health) => picked.includes(health)) })}>
        {MONITOR_HEALTH_ORDER.map((health) => (
          <Chip key={health} value={health} size="xs" variant="light" color={HEALTH_DISPLAY[health].color}>
            {HEALTH_DISPLAY[health].label}
            {counts ? ` ${counts[health]}` : ''}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

/** Resets every filter (the sort and page size stay). */
export function ClearFiltersButton({ onChange }: { onChange: MonitorListUpdate }) {
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => onChange({ search: '', health: [], checkType: null, tags: [], group: null, managed: null })}>
      Clear filters
    </Button>
  );
}
