import { Code, Table, Text } from '@mantine/core';
import { isValidElement, type ReactNode } from 'react';

export interface MonitorField {
  label: string;
  value: ReactNode;
}

function display(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <Text c="dimmed" span size="sm">—</Text>;
  if (isValidElement(value)) return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.length ? value.join(', ') : <Text c="dimmed" span size="sm">none</Text>;
  return <Code block>{JSON.stringify(value, null, 2)}</Code>;
}

/** A two-column table of a check's settings; values that are not plain text are shown as JSON. */
export function MonitorFields({ label, fields }: { label: string; fields: readonly { label: string; value: unknown }[] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm" verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.label}>
            <Table.Th w={220}>{field.label}</Table.Th>
            <Table.Td>{display(field.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
