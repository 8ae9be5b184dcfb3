import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createPaperBox, invalidatePaper } from '../api/paper';
import { useLoanMessages } from '../components/loan-messages';
import { PaperBoxList } from '../components/paper-box-list';
import { isPositiveFloat } from '../lib/validation';

/** AdminSharingPaper (/admin/sharingpaper, document 3): the boxes with their state, and a new box. */
export default function AdminSharingPaperPage() {
  const navigate = useNavigate();
  return (
    <Stack>
      <Title order={2}>
        <Trans>共用相紙</Trans>
      </Title>
      <PaperBoxList
        scope="main"
        open={(pk) => void navigate(`/admin/sharingpaper/${pk}`)}
        edit={(pk) => void navigate(`/admin/sharingpaper/${pk}/edit`)}
      />
      <NewBoxForm />
    </Stack>
  );
}

function NewBoxForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const [barcode, setBarcode] = useState('');
  const [stockpk, setStockpk] = useState<number | string>('');
  const [boxweight, setBoxweight] = useState('');
  const [unitweight, setUnitweight] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    if (
      barcode.trim() === '' ||
      typeof stockpk !== 'number' ||
      ![boxweight, unitweight].every(isPositiveFloat)
    )
      return setProblem(t`請檢查資料`);
    setProblem(null);
    try {
      const answer = await createPaperBox({
        barcode: barcode.trim(),
        stockpk,
        boxweight: boxweight.trim(),
        unitweight: unitweight.trim(),
        requestId: crypto.randomUUID(),
      });
      if (answer.status === 'ok') {
        setBarcode('');
        setBoxweight('');
        setUnitweight('');
        await invalidatePaper(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`失敗，請再試一次`);
    }
  };
  return (
    <Stack>
      <Title order={3}>
        <Trans>新增一盒</Trans>
      </Title>
      <Group align="flex-end">
        <TextInput
          label={t`條碼`}
          value={barcode}
          onChange={(event) => setBarcode(event.currentTarget.value)}
        />
        <NumberInput
          label={t`庫存品項編號`}
          value={stockpk}
          onChange={setStockpk}
          allowDecimal={false}
          min={1}
        />
        <TextInput
          label={t`空盒重量（g）`}
          value={boxweight}
          onChange={(event) => setBoxweight(event.currentTarget.value)}
        />
        <TextInput
          label={t`每張重量（g）`}
          value={unitweight}
          onChange={(event) => setUnitweight(event.currentTarget.value)}
        />
        <Button onClick={() => void add()}>
          <Trans>新增</Trans>
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
