import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useChemicals } from '../api/darkroom-devices';

/** AdminChemical2 (document 3): the darkroom chemicals with links to adjust or replenish and to the log. */
export default function AdminChemicalPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const chemicals = useChemicals();
  if (chemicals.isPending) return <PageLoader />;
  if (chemicals.isError) return <LoadFailed onRetry={() => void chemicals.refetch()} />;
  return (
    <Stack>
      <Title order={2}>
        <Trans>藥水庫存</Trans>
      </Title>
      <ScrollTable caption={t`藥水庫存`}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`名稱`}</Table.Th>
              <Table.Th>{t`瓶數`}</Table.Th>
              <Table.Th>{t`容量 (ml)`}</Table.Th>
              <Table.Th>{t`每瓶 (ml)`}</Table.Th>
              <Table.Th>{t`累計回收 (ml)`}</Table.Th>
              <Table.Th>{t`動作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chemicals.data.loglist.map((chemical) => (
              <Table.Tr key={chemical.pk}>
                <Table.Td>
                  <Group gap="xs">
                    {chemical.name}
                    {chemical.needReplenish && <Badge color="red">{t`需要補充`}</Badge>}
                    {chemical.needRecycle && <Badge color="gray">{t`需回收`}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{chemical.bottle.toFixed(2)}</Table.Td>
                <Table.Td>{chemical.volume}</Table.Td>
                <Table.Td>{chemical.bottle2ml}</Table.Td>
                <Table.Td>{chemical.needRecycle ? chemical.accurecyclevolume : '-'}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor component={Link} to={links.pathOf('AdminChemical2Adjust', { pk: chemical.pk })}>
                      {t`調整／補充`}
                    </Anchor>
                    <Anchor component={Link} to={links.pathOf('AdminChemical2Log', { pk: chemical.pk })}>
                      {t`紀錄`}
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
