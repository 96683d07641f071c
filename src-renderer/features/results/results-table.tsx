import { Anchor, Badge, Table, Text } from '@mantine/core';
import { humanLabel } from '../../lib/labels';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { largestUs, useDurationScale } from '../../lib/duration-scale';
import { formatTime } from '../sessions/session-display';
import { resultPath, resultVerdict, timingMs, type CheckResultListItem } from './result-display';
import { ResultVerdictBadge } from './result-verdict-badge';

const COLUMNS = ['Verdict', 'Started', 'Location', 'Result type', 'Response time', 'Error', 'Result'];

/** A run's time in µs, as the table writes it. */
const timingUs = (result: CheckResultListItem) => {
  const ms = timingMs(result);
  return ms === null ? null : ms * 1_000;
};

/** Recent runs; their times in the page's unit (or, alone, in one unit chosen from these rows). */
export function ResultsTable({ results }: { results: readonly CheckResultListItem[] }) {
  const scale = useDurationScale(largestUs(results.map(timingUs)), results.every((result) => !result.icmpCheckResult));
  return (
    <DenseTable label="Recent results" columns={COLUMNS} hiddenColumn={null} minWidth={760} verticalSpacing={4}>
      {results.map((result) => (
        <Table.Tr key={result.checkResultId}>
          <Table.Td>
            <ResultVerdictBadge verdict={resultVerdict(result)} />
          </Table.Td>
          <Table.Td c="dimmed">{formatTime(result.startedAt)}</Table.Td>
          <Table.Td ff="monospace">{result.runLocation}</Table.Td>
          <Table.Td>
            <Badge size="sm" variant="outline" color="gray">
              {humanLabel(result.resultType)}
            </Badge>
          </Table.Td>
          <Table.Td ff="monospace">{scale.format(timingUs(result))}</Table.Td>
          <Table.Td>
            <Text size="sm" c="red" truncate maw={260}>
              {result.error ? `${result.error.kind}: ${result.error.message}` : ''}
            </Text>
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={resultPath(result.checkId, result.checkResultId)} size="sm" aria-label={`Open result of ${formatTime(result.startedAt)}`}>
              Open
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
