import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HEALTH_DISPLAY } from '../monitors/monitor-health';
import { formatTime } from '../sessions/session-display';
import type { MonitorHealthRow } from './use-monitor-health';

/** Failing and degraded monitors with their last run; failing first. */
export function ProblemMonitorsTable({ rows }: { rows: readonly MonitorHealthRow[] }) {
  const sorted = [...rows].sort((a, b) => (a.health === b.health ? a.name.localeCompare(b.name) : a.health === 'failing' ? -1 : 1));
  return (
    <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Failing and degraded monitors">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>State</Table.Th>
          <Table.Th>Monitor</Table.Th>
          <Table.Th>Last run</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Session</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((row) => (
          <Table.Tr key={row.checkId}>
            <Table.Td>
              <Badge size="sm" color={HEALTH_DISPLAY[row.health].color}>
                {HEALTH_DISPLAY[row.health].label}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/monitors/${row.checkId}`} size="sm" fw={500}>
                {row.name}
              </Anchor>
            </Table.Td>
            <Table.Td c="dimmed">{formatTime(row.status?.updated_at ?? null)}</Table.Td>
            <Table.Td ff="monospace">{row.status?.lastRunLocation ?? '—'}</Table.Td>
            <Table.Td>
              {row.status?.lastCheckRunId ? (
                <Anchor component={Link} to={`/sessions/${row.status.lastCheckRunId}`} size="sm">
                  Open
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
