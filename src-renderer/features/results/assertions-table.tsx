import { Badge, Table, Text } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { formatValue } from './result-display';
import type { AssertionOutcome } from '../../../src-shared/schemas/result-payloads';

const COLUMNS = ['Source', 'Property', 'Comparison', 'Target', 'Actual', 'Outcome'];

export function AssertionsTable({ assertions }: { assertions: readonly AssertionOutcome[] }) {
  if (assertions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This monitor has no assertions.
      </Text>
    );
  }
  return (
    <DenseTable label="Assertions" columns={COLUMNS} hiddenColumn={null} highlightOnHover={false} verticalSpacing={4}>
      {assertions.map((assertion, index) => (
        <Table.Tr key={`${assertion.source}-${assertion.property ?? ''}-${index}`}>
          <Table.Td>{assertion.source}</Table.Td>
          <Table.Td ff="monospace">{formatValue(assertion.property)}</Table.Td>
          <Table.Td>{assertion.comparison}</Table.Td>
          <Table.Td ff="monospace">{formatValue(assertion.target)}</Table.Td>
          <Table.Td ff="monospace">{formatValue(assertion.actual)}</Table.Td>
          <Table.Td>
            <Badge size="sm" color={assertion.passed ? 'teal' : 'red'} variant="light">
              {assertion.passed ? 'Passed' : 'Failed'}
            </Badge>
            {assertion.error && (
              <Text size="xs" c="red">
                {assertion.error}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
