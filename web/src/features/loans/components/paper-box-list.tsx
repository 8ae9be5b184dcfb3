import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Table, Text } from '@mantine/core';
import type { ClientScope } from '../api/library';
import { usePaperList } from '../api/paper';
import { taipeiMinutes } from '../lib/format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { PageLoader } from '../../../shared/ui/page-loader';
import { PaperLoadFailed } from './paper-load-failed';
import { PaperStateBadge } from './paper-state';

/**
 * The shared paper boxes (AdminSharingPaper, document 3) with their state; `open` shows a box's rows and
 * `edit` weighs it out or in. The admin route navigates, the store kiosk pushes a page (page-push).
 */
export function PaperBoxList({
  scope,
  open,
  edit,
}: {
  scope: ClientScope;
  open: (pk: number) => void;
  edit: (pk: number) => void;
}) {
  const { t } = useLingui();
  const list = usePaperList(scope);
  if (list.isPending) return <PageLoader />;
  if (list.isError || !list.data) return <PaperLoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.list.length === 0)
    return (
      <Text c="dimmed">
        <Trans>沒有共用相紙</Trans>
      </Text>
    );
  return (
    <ScrollTable caption={t`共用相紙`}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`條碼`}</Table.Th>
            <Table.Th>{t`相紙`}</Table.Th>
            <Table.Th>{t`張數`}</Table.Th>
            <Table.Th>{t`狀態`}</Table.Th>
            <Table.Th>{t`最後使用`}</Table.Th>
            <Table.Th>{t`操作`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.list.map((box) => (
            <Table.Tr key={box.pk}>
              <Table.Td>{box.barcode}</Table.Td>
              <Table.Td>
                {box.stock.name}
                {!box.enabled && ` (${t`停用`})`}
              </Table.Td>
              <Table.Td>{box.quantity}</Table.Td>
              <Table.Td>
                <PaperStateBadge box={box} />
              </Table.Td>
              <Table.Td>
                {box.lastrow ? `${box.lastrow.user?.name ?? ''} ${taipeiMinutes(box.lastrow.timestamp)}` : ''}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => open(box.pk)}>
                    {t`明細 ${box.barcode}`}
                  </Button>
                  <Button size="xs" onClick={() => edit(box.pk)}>
                    {box.editable ? t`借出 ${box.barcode}` : t`歸還 ${box.barcode}`}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
