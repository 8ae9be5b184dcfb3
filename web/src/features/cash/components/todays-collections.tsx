import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Table, Text } from '@mantine/core';
import { summaryIn } from '../../../shared/i18n/summary';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type FeeCollectionRow, useTodaysCollections } from '../api/fee-collection';
import { formatTaipeiTime } from '../lib/fee-collection';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/** Today's collections by the viewer, with count, total and a receipt button per row. */
export function TodaysCollections({
  onReceipt,
}: {
  onReceipt: (row: FeeCollectionRow, loglist: FeeCollectionRow[]) => void;
}) {
  const { i18n } = useLingui();
  const query = useTodaysCollections();
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { loglist, count, total } = query.data;
  return (
    <>
      <Text fw={700}>
        <Trans>
          今天已收 {count} 筆，共 {total} 元
        </Trans>
      </Text>
      {loglist.length > 0 && (
        <ScrollTable caption={<Trans>今天收的社費與保證金</Trans>}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>時間</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>繳費人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>項目</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>金額</Trans>
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loglist.map((row) => (
                <Table.Tr key={row.pk}>
                  <Table.Td>{formatTaipeiTime(row.trans.timestamp)}</Table.Td>
                  <Table.Td>
                    {row.user.name} ({row.user.pkstr})
                  </Table.Td>
                  <Table.Td>
                    {summaryIn(row.trans, i18n.locale)}
                    {row.refunded && (
                      <Text span c="red.9" size="sm">
                        {' '}
                        <Trans>（已退款）</Trans>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.trans.delta}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="light" onClick={() => onReceipt(row, loglist)}>
                      <Trans>收據</Trans>
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
