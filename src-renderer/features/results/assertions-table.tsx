import { Badge, Table, Text } from '@mantine/core';
import { formatValue } from './result-display';
import type { AssertionOutcome } from './result-payloads';

export function AssertionsTable({ assertions }: { assertions: readonly AssertionOutcome[] }) {
  if (assertions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This monitor has no assertions.
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing={4} fz="sm" aria-label="Assertions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Source</Table.Th>
          <Table.Th>Property</Table.Th>
          <Table.Th>Comparison</Table.Th>
          <Table.Th>Target</Table.Th>
          <Table.Th>Actual</Table.Th>
          <Table.Th>Outcome</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
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
      </Table.Tbody>
    </Table>
  );
}
