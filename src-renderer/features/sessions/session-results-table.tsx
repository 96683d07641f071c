import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { humanLabel } from '../../lib/labels';
import { resultPath, resultVerdict } from '../results/result-display';
import { ResultVerdictBadge } from '../results/result-verdict-badge';
import { formatDuration, formatTime, measuredResponseMs, type CheckSessionView } from './session-display';

type SessionResult = CheckSessionView['results'][number];

/** Per location, attempts in the order they ran, each ending in its FINAL result. */
const COLUMNS = ['Location', 'Result type', 'Verdict', 'Response time', 'Started', 'Result'];

function byLocation(results: readonly SessionResult[]): SessionResult[] {
  return [...results].sort((a, b) => a.runLocation.localeCompare(b.runLocation) || (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
}

export function SessionResultsTable({ results }: { results: readonly SessionResult[] }) {
  if (results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No location has reported yet.
      </Text>
    );
  }
  return (
    <DenseTable label="Results" columns={COLUMNS} hiddenColumn={null} verticalSpacing={4}>
      {byLocation(results).map((result) => (
        <Table.Tr key={result.checkResultId}>
          <Table.Td ff="monospace">{result.runLocation}</Table.Td>
          <Table.Td>
            <Badge size="sm" variant={result.resultType === 'FINAL' ? 'outline' : 'default'} color="gray">
              {humanLabel(result.resultType)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <ResultVerdictBadge verdict={resultVerdict(result)} />
          </Table.Td>
          <Table.Td ff="monospace">{formatDuration(measuredResponseMs(result))}</Table.Td>
          <Table.Td c="dimmed">{formatTime(result.startedAt)}</Table.Td>
          <Table.Td>
            <Anchor
              component={Link}
              to={resultPath(result.checkId, result.checkResultId)}
              size="sm"
              aria-label={`Open ${result.resultType === 'FINAL' ? 'final' : 'attempt'} result from ${result.runLocation}`}
            >
              Open
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
