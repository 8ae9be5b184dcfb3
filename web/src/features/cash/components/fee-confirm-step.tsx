import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { FeePayer, PendingWorkshop } from '../api/fee-collection';
import { MEMBER_FEE_NTD, nothingPayable, totalNeedPay } from '../lib/fee-collection';
import { workshopKindNames } from './cash-messages';

/** Step 3: the payer's details and what to collect, with the total. */
export function FeeConfirmStep({
  payer,
  workshops,
  memberfeeChecked,
  onMemberfeeChange,
  workshopChecked,
  onWorkshopChange,
  onPay,
  onCancel,
  busy,
}: {
  payer: FeePayer;
  workshops: PendingWorkshop[];
  memberfeeChecked: boolean;
  onMemberfeeChange: (checked: boolean) => void;
  workshopChecked: ReadonlySet<string>;
  onWorkshopChange: (pk: string, checked: boolean) => void;
  onPay: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { i18n } = useLingui();
  const total = totalNeedPay(memberfeeChecked, workshopChecked.size);
  const semester = payer.memberfeeSemester;
  const name = payer.name;
  const lastmember = payer.lastmember;
  const membership = payer.ismember ? (
    <Trans>本學期社員</Trans>
  ) : lastmember === null ? (
    <Trans>從未入社</Trans>
  ) : (
    <Trans>上次入社：{lastmember}</Trans>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={700}>
          <Trans>確認繳費人與項目</Trans>
        </Text>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>
                <Trans>姓名</Trans>
              </Table.Th>
              <Table.Td>
                {name} ({payer.pkstr})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>系級</Trans>
              </Table.Th>
              <Table.Td>{payer.studepartment}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>學號</Trans>
              </Table.Th>
              <Table.Td>{payer.stuid}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>社員身分</Trans>
              </Table.Th>
              <Table.Td>{membership}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {nothingPayable(payer, workshops) ? (
          <Alert color="gray">
            <Trans>{name} 沒有需要繳的費用</Trans>
          </Alert>
        ) : (
          <Stack gap="xs">
            {semester !== null && (
              <Checkbox
                checked={memberfeeChecked}
                onChange={(event) => onMemberfeeChange(event.currentTarget.checked)}
                label={
                  <Trans>
                    社費 {semester}（{MEMBER_FEE_NTD} 元）
                  </Trans>
                }
              />
            )}
            {semester === null && (
              <Text size="sm" c="dimmed">
                <Trans>本學期與下學期的社費都已繳</Trans>
              </Text>
            )}
            {workshops.map((workshop) => {
              const kindName = i18n._(workshopKindNames[workshop.kind] ?? workshopKindNames[1]!);
              const workshopSemester = workshop.semester;
              const amount = workshop.amount;
              return (
                <Checkbox
                  key={workshop.pk}
                  checked={workshopChecked.has(workshop.pk)}
                  onChange={(event) => onWorkshopChange(workshop.pk, event.currentTarget.checked)}
                  label={
                    <Trans>
                      工作坊保證金：{kindName} {workshopSemester}（{amount} 元）
                    </Trans>
                  }
                />
              );
            })}
          </Stack>
        )}
        <Text fw={700} size="lg">
          <Trans>應收 {total} 元</Trans>
        </Text>
        <Group>
          <Button onClick={onPay} loading={busy} disabled={total === 0}>
            <Trans>確認收款</Trans>
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans>取消</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
