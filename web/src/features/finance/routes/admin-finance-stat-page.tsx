import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { exportUrl, useFinance } from '../api/finance';
import { ActivityTable } from '../components/activity-table';
import { PouchTable, StaffCashTable } from '../components/cash-tables';
import { formatNtd } from '../components/money';
import { SalesByPrefixTable } from '../components/sales-table';
import { TrialBalanceTable } from '../components/trial-balance-table';

const taipeiTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-TW', {
    timeZone: 'Asia/Taipei',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

function Figure({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * AdminFinanceStat (document 3 leaves the screen empty; docs/finance.md): a semester's books for the
 * treasurer: figures, income and expense by account, cash per staff member, pouches, and the trial
 * balance with its zero total; the journal and the trial balance download as CSV or XLSX.
 */
export default function AdminFinanceStatPage() {
  const { t, i18n } = useLingui();
  const [semester, setSemester] = useState<string | undefined>(undefined);
  const finance = useFinance(semester);
  if (finance.isPending) return <PageLoader />;
  if (finance.isError || finance.data === undefined)
    return <LoadFailed onRetry={() => void finance.refetch()} />;
  const data = finance.data;
  const english = i18n.locale === 'en';
  const downloads = [
    { sheet: 'journal', format: 'csv', label: t`日記帳 CSV` },
    { sheet: 'journal', format: 'xlsx', label: t`日記帳 XLSX` },
    { sheet: 'trialbalance', format: 'csv', label: t`試算表 CSV` },
    { sheet: 'trialbalance', format: 'xlsx', label: t`試算表 XLSX` },
  ] as const;
  const position = data.moment.position;
  const at = taipeiTime(data.moment.at, i18n.locale);
  const asAt = taipeiTime(data.trialBalance.asAt, i18n.locale);
  return (
    <Stack>
      <Title order={2}>
        <Trans>財務統計</Trans>
      </Title>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t`學期`}
          value={data.semester}
          data={data.semesters}
          onChange={(event) => setSemester(event.currentTarget.value)}
        />
        <Text size="sm" c="dimmed" data-testid="finance-moment">
          <Trans>
            資料時點：{at}（事件位置 {position}）
          </Trans>
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t`本學期收入`} value={formatNtd(data.incomeTotal)} testId="finance-income" />
        <Figure label={t`社團現金與存款`} value={formatNtd(data.clubCash)} />
        <Figure label={t`會員儲值（負債）`} value={formatNtd(data.storedValue.owed)} />
        <Figure label={t`會員欠款`} value={formatNtd(data.storedValue.debt)} />
      </SimpleGrid>

      <Title order={3}>
        <Trans>收支</Trans>
      </Title>
      <ActivityTable rows={data.activity} english={english} />
      <SalesByPrefixTable rows={data.salesByPrefix} english={english} />

      <Title order={3}>
        <Trans>現金</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>現在的金額</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StaffCashTable rows={data.staffCash} />
        <PouchTable pouches={data.pouches} />
      </SimpleGrid>

      <Title order={3}>
        <Trans>試算表</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>累計至 {asAt}；會員帳戶合併為一列，下載檔逐一列出。</Trans>
      </Text>
      {data.trialBalance.total === 0 ? (
        <Text c="teal.9" fw={700} data-testid="trial-balance-check">
          <Trans>借貸平衡：合計為 0</Trans>
        </Text>
      ) : (
        <Text c="red.9" fw={700} data-testid="trial-balance-check">
          <Trans>借貸不平衡：合計 {formatNtd(data.trialBalance.total)}</Trans>
        </Text>
      )}
      <TrialBalanceTable trial={data.trialBalance} english={english} />

      <Title order={3}>
        <Trans>下載</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>日記帳共 {data.journalLines} 筆，每筆對應一個事件。</Trans>
      </Text>
      <Group>
        {downloads.map((download) => (
          <Button
            key={`${download.sheet}-${download.format}`}
            component="a"
            variant="light"
            href={exportUrl({ semester: data.semester, sheet: download.sheet, format: download.format })}
            download
          >
            {download.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
