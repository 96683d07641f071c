import { Group, Select, TagsInput, TextInput } from '@mantine/core';
import { CHECK_TYPES, type CheckType } from '../../../src-shared/enums';

export interface MonitorFilterValues {
  search: string;
  checkType: CheckType | null;
  tags: string[];
}

interface MonitorFiltersProps {
  value: MonitorFilterValues;
  onChange: (value: MonitorFilterValues) => void;
}

const TYPE_OPTIONS = CHECK_TYPES.map((type) => ({ value: type, label: type }));

export function MonitorFilters({ value, onChange }: MonitorFiltersProps) {
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        aria-label="Search monitors"
        placeholder="Search by name"
        type="search"
        w={240}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
      />
      <Select
        aria-label="Filter by type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        clearable
        w={170}
        value={value.checkType}
        onChange={(checkType) => onChange({ ...value, checkType: checkType as CheckType | null })}
      />
      <TagsInput
        aria-label="Filter by tag"
        placeholder={value.tags.length === 0 ? 'Filter by tag, Enter to add' : undefined}
        clearable
        w={260}
        value={value.tags}
        onChange={(tags) => onChange({ ...value, tags })}
      />
    </Group>
  );
}
