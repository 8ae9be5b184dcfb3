import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useP6000Stat } from '../api/giclee';

type Sort<Key extends string> = { key: Key; descending: boolean };

/** A table whose columns sort on a click (ascending, then descending), with the sort told to screen readers. */
function SortableTable<Row, Key extends string>({
  caption,
  rows,
  columns,
  initial,
  rowKey,
}: {
  caption: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: {
    key: Key;
    header: ReactNode;
    value: (row: Row) => string | number;
    cell?: (row: Row) => ReactNode;
  }[];
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
      <Table striped>
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
                  onClick={() =>
                    setSort({
                      key: candidate.key,
                      descending: candidate.key === sort.key ? !sort.descending : false,
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

/** AdminP6000Stat (/admin/p6000/stat, document 3): ink used per colour, and print volume per semester. */
export default function AdminP6000StatPage() {
  const { t } = useLingui();
  const stat = useP6000Stat();
  if (stat.isPending) return <PageLoader />;
  if (stat.isError || !stat.data) return <LoadFailed onRetry={() => void stat.refetch()} />;
  const { ink, job } = stat.data;
  return (
    <Stack>
      <Title order={2}>
        <Trans>P6000 墨水統計</Trans>
      </Title>
      <Title order={3}>
        <Trans>墨水用量</Trans>
      </Title>
      {ink.some((row) => row.msg === 'nodata') && (
        <Text c="dimmed">
          <Trans>還沒有輸出紀錄</Trans>
        </Text>
      )}
      <SortableTable
        caption={t`墨水用量`}
        rows={ink}
        rowKey={(row) => row.color}
        initial={{ key: 'volume', descending: true }}
        columns={[
          { key: 'color', header: t`顏色`, value: (row) => row.color },
          { key: 'volume', header: t`用量（ml）`, value: (row) => row.consuptionvolume },
        ]}
      />
      <Title order={3}>
        <Trans>輸出量</Trans>
      </Title>
      <SortableTable
        caption={t`輸出量`}
        rows={job}
        rowKey={(row) => row.semester}
        initial={{ key: 'semester', descending: true }}
        columns={[
          { key: 'semester', header: t`學期`, value: (row) => row.semester },
          { key: 'inchsquare', header: t`平方英吋`, value: (row) => row.inchsquare },
          { key: 'jobs', header: t`件數`, value: (row) => row.jobs },
        ]}
      />
    </Stack>
  );
}
