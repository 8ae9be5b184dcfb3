import { Table, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ScrollTable } from './scroll-table';

export type Sort<Key extends string> = { key: Key; descending: boolean };

export interface SortableColumn<Row, Key extends string> {
  key: Key;
  header: ReactNode;
  value: (row: Row) => string | number;
  cell?: (row: Row) => ReactNode;
}

/** A table whose columns sort on a click (ascending, then descending), the sort told to screen readers. */
export function SortableTable<Row, Key extends string>({
  caption,
  rows,
  columns,
  initial,
  rowKey,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: SortableColumn<Row, Key>[];
  initial: Sort<Key>;
}) {
  const [sort, setSort] = useState(initial);
  const column = columns.find((candidate) => candidate.key === sort.key) ?? columns[0]!;
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [column.value(a), column.value(b)];
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), undefined, { numeric: true });
    return sort.descending ? -order : order;
  });
  return (
    <ScrollTable caption={caption}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((candidate) => (
              <Table.Th
                key={candidate.key}
                aria-sort={
                  candidate.key === sort.key ? (sort.descending ? 'descending' : 'ascending') : 'none'
                }
              >
                <UnstyledButton
                  fz="sm"
                  fw={700}
                  onClick={() =>
                    setSort({
                      key: candidate.key,
                      descending: candidate.key === sort.key ? !sort.descending : true,
                    })
                  }
                >
                  {candidate.header}
                  {candidate.key === sort.key ? (sort.descending ? ' ▼' : ' ▲') : ''}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((candidate) => (
                <Table.Td key={candidate.key}>
                  {candidate.cell ? candidate.cell(row) : candidate.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
