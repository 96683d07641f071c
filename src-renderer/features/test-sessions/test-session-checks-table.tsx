import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { sessionRoute } from '../../../src-shared/rules/console-links';
import { DenseTable } from '../../components/dense-table';
import { formatTime } from '../sessions/session-display';
import { SessionStatusBadge } from '../sessions/session-status-badge';
import { CodeCheckName } from './code-check-name';
import type { TestSessionView } from './test-session-display';

const COLUMNS = ['Status', 'Monitor', 'Type', 'Location', 'Started', 'Stopped', 'Session'];

/** One row per check session the trigger started, in the order they were started; a `checkly test` run's checks are no monitors, so they link nowhere. */
export function TestSessionChecksTable({ results }: { results: TestSessionView['results'] }) {
  return (
    <DenseTable label="Check sessions" columns={COLUMNS} hiddenColumn={null} minWidth={760} verticalSpacing={4}>
      {results.map((result) => (
        <Table.Tr key={result.checkSessionId}>
          <Table.Td>
            <SessionStatusBadge status={result.checkSessionStatus} />
          </Table.Td>
          <Table.Td>
            {result.logicalId ? (
              <CodeCheckName name={result.name} logicalId={result.logicalId} notRunReason={result.notRunReason ?? null} />
            ) : (
              <Anchor component={Link} to={`/monitors/${result.checkId}`} size="sm" fw={500}>
                {result.name}
              </Anchor>
            )}
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="default" radius="xs">
              {result.checkType}
            </Badge>
          </Table.Td>
          <Table.Td ff="monospace">{result.runLocation ?? '—'}</Table.Td>
          <Table.Td c="dimmed">{formatTime(result.startedAt)}</Table.Td>
          <Table.Td c="dimmed">{result.stoppedAt ? formatTime(result.stoppedAt) : 'still running'}</Table.Td>
          <Table.Td>
            {result.logicalId ? (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ) : (
              <Anchor component={Link} to={sessionRoute(result.checkSessionId)} size="sm" aria-label={`Open session of ${result.name}`}>
                Open
              </Anchor>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
