import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useDepositList } from '../api/deposit';
import { DepositScan } from '../components/deposit-scan';
import { DepositSettle1, DepositSettle2 } from '../components/deposit-settle';
import { PocketTable } from '../components/pocket-table';
import { RegisterPouches } from '../components/register-pouches';
import type { DepositStep } from '../lib/deposit';

/**
 * AdminDeposit (document 3, sections 2.2 and 4): counting the cash pouches. list → scan (each pouch and its
 * amount) → settle 1 (pouch count) → settle 2 (banknotes and coins) → commit → list.
 */
export default function AdminDepositPage() {
  const list = useDepositList();
  const [step, setStep] = useState<DepositStep>('list');
  const [pocketCount, setPocketCount] = useState(0);

  let body: ReactNode;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError || list.data === undefined) body = <LoadFailed onRetry={() => void list.refetch()} />;
  else {
    const { pocketList, batchNo, countedCount, countedTotal, pocketTotal, pocketUsed } = list.data;
    const waiting = pocketList.filter((pocket) => pocket.row.flag === 1).length;
    const unused = pocketTotal - pocketUsed;
    switch (step) {
      case 'list':
        body = (
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Stack gap={4}>
                <Text>
                  <Trans>
                    第 {batchNo} 批：已點收 {countedCount} 袋，共 {countedTotal} 元
                  </Trans>
                </Text>
                <Text>
                  <Trans>
                    待點收 {waiting} 袋；空的儲值袋剩 {unused} 個
                  </Trans>
                </Text>
              </Stack>
            </Paper>
            <Group>
              <Button onClick={() => setStep('scan')}>
                <Trans>掃描點收</Trans>
              </Button>
              <Button variant="light" onClick={() => setStep('settle1')} disabled={countedCount === 0}>
                <Trans>結算</Trans>
              </Button>
            </Group>
            <PocketTable pockets={pocketList} />
            <RegisterPouches />
          </Stack>
        );
        break;
      case 'scan':
        body = (
          <DepositScan
            countedCount={countedCount}
            countedTotal={countedTotal}
            onBack={() => setStep('list')}
            onSettle={() => setStep('settle1')}
          />
        );
        break;
      case 'settle1':
        body = (
          <DepositSettle1
            countedCount={countedCount}
            onBack={() => setStep('scan')}
            onNext={(count) => {
              setPocketCount(count);
              setStep('settle2');
            }}
          />
        );
        break;
      case 'settle2':
        body = (
          <DepositSettle2
            pocketCount={pocketCount}
            countedTotal={countedTotal}
            onBack={() => setStep('settle1')}
            onCommitted={() => setStep('list')}
          />
        );
        break;
    }
  }

  return (
    <Stack>
      <Title order={2}>
        <Trans>儲值袋點收</Trans>
      </Title>
      {body}
    </Stack>
  );
}
