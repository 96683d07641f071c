import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroller } from './table-scroller';

interface DenseTableProps extends Omit<TableProps, 'children' | 'aria-label'> {
  /** The table's accessible name, e.g. "Monitors". */
  label: string;
  columns: readonly string[];
  /** A last column whose heading only screen readers hear, e.g. "Actions"; null for none. */
  hiddenColumn?: string | null;
  /** The width the table keeps; a narrower screen scrolls it sideways inside its own box (default: as narrow as its content allows). */
  minWidth?: number;
  children: ReactNode;
}

/** The console's list table: striped, small text, a heading row, then the rows the caller renders. */
export function DenseTable({ label, columns, hiddenColumn = 'Actions', minWidth, children, ...tableProps }: DenseTableProps) {
  const table = (
    <Table striped highlightOnHover verticalSpacing={6} fz="sm" {...tableProps} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
          {hiddenColumn !== null && (
            <Table.Th>
              <VisuallyHidden>{hiddenColumn}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  // Always in a scroller: on a phone a wide table scrolls inside its box, never the page.
  return (
    <TableScroller label={label} minWidth={minWidth ?? 0}>
      {table}
    </TableScroller>
  );
}
