import { Trans, useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { FinanceSummary } from '../api/finance';
import { formatNtd } from './money';

/** Every account's debits, credits and balance, the transit line, and the total line that must be 0. */
export function TrialBalanceTable({
  trial,
  english,
}: {
  trial: FinanceSummary['trialBalance'];
  english: boolean;
}) {
  const { t } = useLingui();
  return (
    <ScrollTable caption={t`試算表`}>
      <Table striped verticalSpacing="xs" data-testid="trial-balance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>帳戶</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>借方（支出）</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>貸方（收入）</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>餘額</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trial.rows.map((row) => (
            <Table.Tr key={row.account}>
              <Table.Td>
                {english ? row.nameEn : row.name}
                {row.kind === 'members' ? '' : ` (${row.account})`}
              </Table.Td>
              <Table.Td ta="right">{formatNtd(row.debit)}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.credit)}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.balance)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Trans>轉帳途中</Trans>
            </Table.Td>
            <Table.Td ta="right">0</Table.Td>
            <Table.Td ta="right">{formatNtd(trial.inTransit)}</Table.Td>
            <Table.Td ta="right">{formatNtd(trial.inTransit)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="trial-balance-total" fw={700}>
            <Table.Td>
              <Trans>合計</Trans>
            </Table.Td>
            <Table.Td ta="right">{formatNtd(trial.totalDebit)}</Table.Td>
            <Table.Td ta="right">{formatNtd(trial.totalCredit + trial.inTransit)}</Table.Td>
            <Table.Td ta="right">{formatNtd(trial.total)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
