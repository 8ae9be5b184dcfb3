import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, NativeSelect, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { useFormulas, useStartDispense } from '../api/darkroom-devices';
import { DispenseStatusBadge } from '../components/dispense-status';

/** The darkroom's dispenser: a member picks a formula, a volume and a tank and starts it. */
export default function DarkroomDispensePage() {
  const { t } = useLingui();
  const formulas = useFormulas();
  const start = useStartDispense();
  const [formula, setFormula] = useState('');
  const [target, setTarget] = useState('');
  const [volume, setVolume] = useState<number | string>(1000);
  if (formulas.isPending) return <PageLoader />;
  if (formulas.isError) return <LoadFailed onRetry={() => void formulas.refetch()} />;
  const data = formulas.data;
  const submit = async () => {
    if (!formula || !target) {
      toast.danger(t`請選擇配方與藥槽`);
      return;
    }
    try {
      const answer = await start.mutateAsync({
        formula,
        target,
        volume: Number(volume),
        requestId: crypto.randomUUID(),
      });
      if (answer.status === 'ok') toast.success(t`已開始配藥`);
      else if (answer.reason === 'servicedown') toast.danger(t`無法連線到配藥機`);
      else if (answer.reason === 'volume')
        toast.danger(t`容量須為 ${data.minVolume} 到 ${data.maxVolume} ml 的整數`);
      else toast.danger(t`請檢查資料`);
    } catch {
      toast.danger(t`網路或伺服器錯誤，請再試一次或聯絡粉專`);
    }
  };
  return (
    <Stack>
      <Title order={2}>
        <Trans>自動配藥機</Trans>
      </Title>
      <Card withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <NativeSelect
              label={t`配方`}
              data={[{ value: '', label: '-' }, ...data.formulas.map((item) => item.name)]}
              value={formula}
              onChange={(event) => setFormula(event.currentTarget.value)}
            />
            <NumberInput
              label={t`容量 (ml)`}
              min={data.minVolume}
              max={data.maxVolume}
              step={100}
              value={volume}
              onChange={setVolume}
            />
            <NativeSelect
              label={t`藥槽`}
              data={[{ value: '', label: '-' }, ...data.targets]}
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
            />
            <Button type="submit" loading={start.isPending}>
              <Trans>開始配藥</Trans>
            </Button>
          </Stack>
        </form>
      </Card>
      <Title order={3}>
        <Trans>我最近的配藥</Trans>
      </Title>
      {data.mine.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有配藥紀錄</Trans>
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {data.mine.map((row) => (
              <Table.Tr key={row.pk}>
                <Table.Td>{formatTaipeiSeconds(row.timestamp)}</Table.Td>
                <Table.Td>
                  {row.formula.name} {row.formula.volume} ml → {row.target}
                </Table.Td>
                <Table.Td>
                  <DispenseStatusBadge status={row.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
