import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SESSION_STATUSES, type SessionStatus } from '../../../src-shared/rules/session-status';
import { useTRPC } from '../../lib/trpc';
import { statusLabel } from './session-display';

export interface SessionFilterValues {
  status: SessionStatus | null;
  checkId: string | null;
}

interface SessionFiltersProps {
  value: SessionFilterValues;
  onChange: (value: SessionFilterValues) => void;
}

const STATUS_OPTIONS = SESSION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

export function SessionFilters({ value, onChange }: SessionFiltersProps) {
  const trpc = useTRPC();
  const monitors = useQuery(trpc.checks.list.queryOptions({ limit: 100, page: 1 }));
  const monitorOptions = (monitors.data?.items ?? []).map((check) => ({ value: check.id, label: check.name }));
  return (
    <Group gap="sm" align="flex-end">
      <Select
        aria-label="Filter by status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        clearable
        w={190}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as SessionStatus | null })}
      />
      <Select
        aria-label="Filter by monitor"
        placeholder="All monitors"
        data={monitorOptions}
        searchable
        clearable
        nothingFoundMessage="No monitor with this name"
        w={260}
        value={value.checkId}
        onChange={(checkId) => onChange({ ...value, checkId })}
      />
    </Group>
  );
}
