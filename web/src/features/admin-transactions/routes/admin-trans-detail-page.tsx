import { workshopKinds } from '@club/core/access/workshop-roster';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { summaryIn } from '../../../shared/i18n/summary';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import {
  type AccountParty,
  type DueStatus,
  type TransactionDetail,
  useTransactionDetail,
} from '../api/transactions';
import { useKindNames } from '../components/correction-messages';
import { DeleteButton } from '../components/delete-button';
import { ModifyForm } from '../components/modify-form';
import { RefundForm } from '../components/refund-form';
import { StockLineView } from '../components/stock-line';
import { formatTaipeiTime, parseTransactionPk } from '../lib/correction-form';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/** Workshop kinds (spec doc 3, section 3), named in the reader's language. */
function useWorkshopName() {
  const { i18n } = useLingui();
  return (kind: number): string => {
    const found = workshopKinds.find((entry) => entry.kind === kind);
    if (!found) return String(kind);
    return i18n.locale === 'en' ? found.nameEn : found.nameZh;
  };
}

function PartyName({ party }: { party: AccountParty }) {
  const { i18n } = useLingui();
  const name = i18n.locale === 'en' && party.nameEn ? party.nameEn : party.name;
  return (
    <>
      {name || party.pkstr}{' '}
      <Text span c="dimmed" size="sm">
        ({party.pkstr})
      </Text>
    </>
  );
}

function DueBadge({ status }: { status: DueStatus }) {
  switch (status) {
    case 'paid':
      return <Badge color="green">{<Trans>有效</Trans>}</Badge>;
    case 'refunded':
      return <Badge color="gray">{<Trans>已退費</Trans>}</Badge>;
    case 'pending':
      return <Badge color="yellow">{<Trans>處理中</Trans>}</Badge>;
    default:
      return <Badge color="gray">{<Trans>未繳</Trans>}</Badge>;
  }
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function TransactionLink({ pk }: { pk: number }) {
  const links = useRouteLinks();
  return (
    <Anchor component={Link} to={links.pathOf('AdminTransDetail', { pk })}>
      T{pk}
    </Anchor>
  );
}

function DetailView({ pk, detail }: { pk: string; detail: TransactionDetail }) {
  const kindName = useKindNames();
  const workshopName = useWorkshopName();
  const { i18n } = useLingui();
  const { obj, memberfee, workshop, stockdelta, gicleejob, refunds, refundable } = detail;
  const time = formatTaipeiTime(obj.timestamp);
  const direction = obj.delta < 0 ? <Trans>付出</Trans> : <Trans>收到</Trans>;
  const amount = Math.abs(obj.delta);
  // A purchase or sale of stock is refunded only (document 3, section 4), never modified or deleted.
  const stockLine =
    stockdelta !== null && stockdelta.refundRule !== undefined && stockdelta.refundRule !== 'none';
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={<Trans>交易編號</Trans>}>{obj.pkstr}</Field>
          <Field label={<Trans>對應交易</Trans>}>
            {obj.sympk === null ? <Trans>入帳中</Trans> : <TransactionLink pk={obj.sympk} />}
          </Field>
          <Field label={<Trans>時間</Trans>}>{time}</Field>
          <Field label={<Trans>類別</Trans>}>{kindName(obj.kind)}</Field>
          <Field label={<Trans>帳戶</Trans>}>
            <PartyName party={obj.user} />
          </Field>
          <Field label={<Trans>對方</Trans>}>
            <PartyName party={obj.symuser} />
          </Field>
          <Field label={<Trans>金額</Trans>}>
            <Text span fw={700} c={obj.delta < 0 ? 'red.9' : 'teal.9'}>
              {direction} <Trans>{amount} 元</Trans>
            </Text>
          </Field>
          <Field label={<Trans>交易後餘額</Trans>}>
            <Trans>{obj.balance} 元</Trans>
          </Field>
          <Field label={<Trans>摘要</Trans>}>{summaryIn(obj, i18n.locale)}</Field>
          <Field label={<Trans>經手人</Trans>}>
            {obj.execuser === null ? <Trans>系統</Trans> : `${obj.execuser.name} (${obj.execuser.pkstr})`}
          </Field>
          {memberfee !== null && (
            <Field label={<Trans>社費</Trans>}>
              <Group gap="xs">
                <span>
                  {memberfee.semester} <PartyName party={memberfee.user} />
                </span>
                <DueBadge status={memberfee.status} />
              </Group>
            </Field>
          )}
          {workshop !== null && (
            <Field label={<Trans>工作坊保證金</Trans>}>
              <Group gap="xs">
                <span>
                  {workshop.semester} {workshopName(workshop.kind)} <PartyName party={workshop.user} />
                </span>
                <DueBadge status={workshop.status} />
              </Group>
            </Field>
          )}
          {stockdelta !== null && (
            <Field label={<Trans>庫存異動</Trans>}>
              <StockLineView line={stockdelta} />
            </Field>
          )}
          {gicleejob !== null && (
            <Field label={<Trans>輸出工作</Trans>}>
              <Link to="/admin/giclee/job/history/all">#{gicleejob.pk}</Link>
            </Field>
          )}
          {detail.corrects !== null && (
            <Field label={<Trans>更正的交易</Trans>}>
              <TransactionLink pk={detail.corrects} />
            </Field>
          )}
          {detail.replacedBy !== null && (
            <Field label={<Trans>修改後的交易</Trans>}>
              <TransactionLink pk={detail.replacedBy} />
            </Field>
          )}
        </SimpleGrid>
      </Paper>

      {refunds.length > 0 && (
        <ScrollTable caption={<Trans>已退還與沖銷</Trans>}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>交易編號</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>時間</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>類別</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>金額</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>原因</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refunds.map((row) => (
                <Table.Tr key={row.pk}>
                  <Table.Td>
                    <TransactionLink pk={row.pk} />
                  </Table.Td>
                  <Table.Td>{formatTaipeiTime(row.timestamp)}</Table.Td>
                  <Table.Td>{kindName(row.kind)}</Table.Td>
                  <Table.Td>{row.amount}</Table.Td>
                  <Table.Td>{summaryIn(row, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      {refundable > 0 ? (
        <>
          <Text>
            <Trans>尚可退還 {refundable} 元</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RefundForm key={`refund-${refundable}`} pk={pk} detail={detail} />
            {detail.modifiable ? (
              <ModifyForm key={`modify-${refundable}`} pk={pk} detail={detail} />
            ) : stockLine ? (
              <Alert color="gray">
                <Trans>
                  庫存的進貨與銷售不能修改或刪除，請用退費：進貨退貨會刪除這筆進貨，銷售退貨會退回庫存。
                </Trans>
              </Alert>
            ) : (
              <Alert color="gray">
                <Trans>社費與保證金的交易不能修改，請退費或刪除。</Trans>
              </Alert>
            )}
          </SimpleGrid>
          {!stockLine && (
            <Group>
              <DeleteButton pk={pk} refundable={refundable} />
            </Group>
          )}
        </>
      ) : (
        <Alert color="gray">
          <Trans>這筆交易已全數退還或沖銷。</Trans>
        </Alert>
      )}
    </Stack>
  );
}

/** Without a pk: ask for the transaction number. */
function TransactionLookup() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pk = parseTransactionPk(text);
    if (pk === null) {
      toast.danger(t`請輸入交易編號，例如 T123`);
      return;
    }
    navigate(links.pathOf('AdminTransDetail', { pk }));
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-end">
        <TextInput
          label={t`交易編號`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit">
          <Trans>查詢</Trans>
        </Button>
      </Group>
    </form>
  );
}

function DetailLoader({ pk }: { pk: string }) {
  const query = useTransactionDetail(pk);
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.status !== 'ok')
    return (
      <Alert color="red">
        <Trans>找不到這筆交易</Trans>
      </Alert>
    );
  return <DetailView pk={pk} detail={query.data} />;
}

/** AdminTransDetail: one transaction with its links, and its refund, modify and delete (transmodify). */
export default function AdminTransDetailPage() {
  const pk = useParams().pk;
  const valid = pk !== undefined && /^[1-9]\d{0,14}$/.test(pk);
  return (
    <Stack>
      <Title order={2}>{valid ? <Trans>交易明細 T{pk}</Trans> : <Trans>交易明細</Trans>}</Title>
      <TransactionLookup key={pk ?? ''} />
      {valid && <DetailLoader key={pk} pk={pk} />}
    </Stack>
  );
}
