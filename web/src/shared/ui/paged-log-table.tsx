import { Trans } from '@lingui/react/macro';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { NamedPagination } from './named-pagination';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { PageLoader } from './page-loader';
import { ScrollTable } from './scroll-table';
import { useWideScreen } from './use-wide-screen';

/** The pager of every paged list (document 3); pages start at 1. */
export interface LogPager {
  totalrows: number;
  rowsperpage: number;
  page: number;
}

/** One column of a log: its header and how a row shows in it. */
export interface LogColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Short values (times, codes) stay on one line. */
  nowrap?: boolean;
}

/** What the table needs of a query: its state, its page of rows and a retry. */
export interface LogQuery<Row> {
  isPending: boolean;
  isError: boolean;
  data?: { loglist: Row[]; pager: LogPager } | undefined;
  refetch: () => unknown;
}

const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * A paged log (the system logs and any other paged list): a table on a wide screen, one card per row on
 * a phone (each value under its column's header, so nothing scrolls sideways), and the pager when there
 * is more than one page (document 3, section 9).
 */
export function PagedLogTable<Row>({
  caption,
  columns,
  query,
  rowKey,
  page,
  onPage,
}: {
  /** What the log lists; names the table (and the list of cards). */
  caption: string;
  columns: LogColumn<Row>[];
  query: LogQuery<Row>;
  rowKey: (row: Row) => string | number;
  page: number;
  onPage: (page: number) => void;
}) {
  const wide = useWideScreen();
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { loglist, pager } = query.data;
  return (
    <Stack>
      {loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>沒有紀錄</Trans>
        </Text>
      ) : wide ? (
        <ScrollTable caption={caption} nowrap={false}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} style={column.nowrap ? noWrap : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loglist.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={column.nowrap ? noWrap : undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : (
        <Stack gap="xs" component="ul" aria-label={caption} p={0} m={0} style={{ listStyle: 'none' }}>
          {loglist.map((row) => (
            <Card key={rowKey(row)} component="li" withBorder padding="sm">
              {columns.map((column) => (
                <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" c="dimmed" miw={72} style={noWrap}>
                    {column.header}
                  </Text>
                  <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Text>
                </Group>
              ))}
            </Card>
          ))}
        </Stack>
      )}
      {pager.totalrows > pager.rowsperpage && (
        <Group justify="center">
          <NamedPagination
            total={Math.ceil(pager.totalrows / pager.rowsperpage)}
            value={page}
            onChange={onPage}
            size="lg"
          />
        </Group>
      )}
    </Stack>
  );
}
