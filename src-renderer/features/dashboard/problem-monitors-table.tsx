import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { useCurrentMaintenance } from '../maintenance/use-current-maintenance';
import { formatElapsed, formatMoment, useNow } from './elapsed';
import { ProblemStateBadges } from './problem-state-badges';
import type { DashboardSummary } from './use-dashboard-summary';

const COLUMNS = ['State', 'Monitor', 'For', 'Last run', 'Location', 'Last error', 'Session'];

/** Failing monitors, then degraded ones (the server's order), with how long and why. */
export function ProblemMonitorsTable({ rows }: { rows: DashboardSummary['problems']['items'] }) {
  const now = useNow();
  const maintenance = useCurrentMaintenance();
  return (
    <DenseTable label="Failing and degraded monitors" columns={COLUMNS} hiddenColumn={null} minWidth={860} verticalSpacing={4}>
      {rows.map((row) => (
        <Table.Tr key={row.checkId}>
          <Table.Td>
            <ProblemStateBadges row={row} maintenance={maintenance.get(row.checkId)} />
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/monitors/${row.checkId}`} size="sm" fw={500}>
              {row.name}
            </Anchor>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }} title={row.since === null ? undefined : `Since ${formatMoment(row.since)}`}>
            {row.since === null ? '—' : formatElapsed(row.since, now)}
          </Table.Td>
          <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoment(row.lastRunAt)}
          </Table.Td>
          <Table.Td ff="monospace">{row.lastRunLocation ?? '—'}</Table.Td>
          <Table.Td>
            <Text size="sm" c="red" truncate maw={320} title={row.error ?? undefined}>
              {row.error ?? ''}
            </Text>
          </Table.Td>
          <Table.Td>
            {row.lastCheckSessionId ? (
              <Anchor component={Link} to={`/sessions/${row.lastCheckSessionId}`} size="sm">
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
    </DenseTable>
  );
}
