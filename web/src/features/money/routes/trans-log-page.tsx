import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { NamedPagination } from '../../../shared/ui/named-pagination';
import { summaryIn } from '../../../shared/i18n/summary';
import { Link, useSearchParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { canSpend } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useWideScreen } from '../../../shared/ui/use-wide-screen';
import { type Transaction, useTransLog } from '../api/money';
import { displayLocale, formatDelta, formatTaipeiTime, partyName } from '../lib/money-display';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/** The page number from ?page=, 1 when absent or not a positive integer. */
function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });
  return [page, setPage];
}

/** Short cells stay on one line. */
const noWrap = { whiteSpace: 'nowrap' } as const;

/** On a phone each transaction is a card, so nothing has to scroll sideways. */
function TransactionCards({ rows }: { rows: Transaction[] }) {
  const { t, i18n } = useLingui();
  const locale = displayLocale(i18n.locale);
  return (
    <Stack gap="xs" component="ul" aria-label={t`我的交易紀錄`} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Card key={row.pk} component="li" withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={500}>{summaryIn(row, i18n.locale)}</Text>
            <Text fw={700} style={noWrap} c={row.delta < 0 ? 'red.9' : 'teal.9'}>
              {formatDelta(row.delta)}
            </Text>
          </Group>
          <Text size="sm">
            {partyName(row.symuser, locale)}{' '}
            <Text span c="dimmed" size="xs">
              {row.symuser.pkstr}
            </Text>
          </Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {formatTaipeiTime(row.timestamp)} · {row.pkstr}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>餘額 {row.balance}</Trans>
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function TransactionTable({ rows }: { rows: Transaction[] }) {
  const { t, i18n } = useLingui();
  const locale = displayLocale(i18n.locale);
  const wide = useWideScreen();
  if (rows.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>沒有交易紀錄</Trans>
      </Text>
    );
  }
  if (!wide) return <TransactionCards rows={rows} />;
  return (
    <ScrollTable caption={t`我的交易紀錄`} nowrap={false} minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>編號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>時間</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>對象</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>摘要</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>金額</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>餘額</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>經手人</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td style={noWrap}>{row.pkstr}</Table.Td>
              <Table.Td style={noWrap}>{formatTaipeiTime(row.timestamp)}</Table.Td>
              <Table.Td>
                {partyName(row.symuser, locale)}{' '}
                <Text span c="dimmed" size="xs">
                  {row.symuser.pkstr}
                </Text>
              </Table.Td>
              <Table.Td>{summaryIn(row, i18n.locale)}</Table.Td>
              <Table.Td ta="right" style={noWrap} c={row.delta < 0 ? 'red.9' : 'teal.9'}>
                {formatDelta(row.delta)}
              </Table.Td>
              <Table.Td ta="right" style={noWrap}>
                {row.balance}
              </Table.Td>
              <Table.Td>{row.execuser?.name ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** TransLog (/user/trans/log): the viewer's transactions, newest first, paged (doc 1; doc 3 pager). */
export default function TransLogPage() {
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const [page, setPage] = usePageParam();
  const log = useTransLog(page);
  const balance = user?.balance ?? 0;
  const pager = log.data?.pager;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>
            <Trans>交易紀錄</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>目前餘額：{balance} 元</Trans>
          </Text>
        </div>
        <Group gap="xs">
          {links.isAvailable('UserPouchTopUp') && (
            <Button component={Link} to={links.pathOf('UserPouchTopUp')} variant="light">
              <Trans>儲值</Trans>
            </Button>
          )}
          {user !== null && canSpend(user, 1) && links.isAvailable('UserTransfer') && (
            <Button component={Link} to={links.pathOf('UserTransfer')}>
              <Trans>轉帳</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {log.isPending ? (
        <PageLoader />
      ) : log.isError || log.data === undefined ? (
        <LoadFailed onRetry={() => void log.refetch()} />
      ) : (
        <TransactionTable rows={log.data.loglist} />
      )}
      {/* The pager shows only when there is more than one page (doc 3, section 3). */}
      {pager !== undefined && pager.totalrows > pager.rowsperpage && (
        <Group justify="center">
          <NamedPagination
            total={Math.ceil(pager.totalrows / pager.rowsperpage)}
            value={page}
            onChange={setPage}
          />
        </Group>
      )}
    </Stack>
  );
}
