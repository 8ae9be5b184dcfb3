import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { PageLoader } from '../../../shared/ui/page-loader';
import type { ClientScope } from '../api/library';
import {
  editPaperBox,
  invalidatePaper,
  type PaperBox,
  type PaperRow,
  returnPaperBox,
  usePaperEditPage,
} from '../api/paper';
import { isPositiveFloat } from '../lib/validation';
import { useLoanMessages } from './loan-messages';
import { PaperLoadFailed } from './paper-load-failed';
import { PaperStateBadge } from './paper-state';

/**
 * AdminSharingPaperEdit (document 3): weigh a box out (or, staff, set it up), or weigh it back in. The
 * edit is offered only with no last row or a returned one; weights are positive floats, else 'please
 * check the data'; the save button appears only when something changed.
 */
export function PaperEdit({
  pk,
  scope,
  staff,
  done,
}: {
  pk: string;
  scope: ClientScope;
  staff: boolean;
  done: () => void;
}) {
  const { t } = useLingui();
  const page = usePaperEditPage(pk, scope);
  // Kept here: the return refreshes the box, which then offers the take-out form instead.
  const [returned, setReturned] = useState<PaperRow | null>(null);
  if (returned)
    return (
      <Alert color="green" role="status" title={t`歸還完成`}>
        <Stack gap="xs" align="flex-start">
          <Text>{t`用了 ${returned.checkoutdelta ?? 0} 張，收費 ${returned.amount ?? 0} 元`}</Text>
          <Button size="xs" variant="light" onClick={done}>
            <Trans>回列表</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  if (page.isPending) return <PageLoader />;
  if (page.isError || !page.data) return <PaperLoadFailed onRetry={() => void page.refetch()} />;
  const box = page.data.box;
  return (
    <Stack>
      <Group>
        <Text fw={700}>
          {box.stock.name} ({box.barcode})
        </Text>
        <PaperStateBadge box={box} />
      </Group>
      {box.editable ? (
        <TakeOutForm key={`out-${box.lastrow?.pk ?? 0}`} box={box} scope={scope} staff={staff} done={done} />
      ) : (
        <BringBackForm key={`in-${box.lastrow?.pk ?? 0}`} box={box} scope={scope} returned={setReturned} />
      )}
    </Stack>
  );
}

function TakeOutForm({
  box,
  scope,
  staff,
  done,
}: {
  box: PaperBox;
  scope: ClientScope;
  staff: boolean;
  done: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const staffHere = staff && scope === 'main';
  const [action, setAction] = useState<'borrow' | 'set'>('borrow');
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [boxweight, setBoxweight] = useState(String(box.boxweight));
  const [unitweight, setUnitweight] = useState(String(box.unitweight));
  const [weight, setWeight] = useState('');
  const [enabled, setEnabled] = useState(box.enabled);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    boxweight !== String(box.boxweight) ||
    unitweight !== String(box.unitweight) ||
    weight !== '' ||
    enabled !== box.enabled ||
    comment !== '';

  const save = async () => {
    if (![boxweight, unitweight, weight].every(isPositiveFloat) || Number(weight) < Number(boxweight))
      return setProblem(t`請檢查資料`);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await editPaperBox(
        box.pk,
        {
          pk: box.pk,
          action,
          boxweight: boxweight.trim(),
          unitweight: unitweight.trim(),
          weight: weight.trim(),
          ...(action === 'set' ? { enabled } : {}),
          ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
          ...(staffHere && action === 'borrow' && person ? { userpk: person.pk } : {}),
          requestId: crypto.randomUUID(),
        },
        scope,
      );
      if (answer.status === 'ok') {
        await invalidatePaper(queryClient);
        done();
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`失敗，請再試一次`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={520}>
      {staffHere && (
        <SegmentedControl
          value={action}
          onChange={(value) => setAction(value === 'set' ? 'set' : 'borrow')}
          data={[
            { value: 'borrow', label: t`借出秤重` },
            { value: 'set', label: t`設定／補充` },
          ]}
        />
      )}
      {staffHere && action === 'borrow' && (
        <PersonPicker label={t`借用人（不選則為自己）`} value={person} onChange={setPerson} />
      )}
      <TextInput
        label={t`空盒重量（g）`}
        value={boxweight}
        disabled={!staff}
        onChange={(event) => setBoxweight(event.currentTarget.value)}
      />
      <TextInput
        label={t`每張重量（g）`}
        value={unitweight}
        disabled={!staff}
        onChange={(event) => setUnitweight(event.currentTarget.value)}
      />
      <TextInput
        label={t`現在重量（g）`}
        description={t`連盒帶紙秤重`}
        inputMode="decimal"
        value={weight}
        onChange={(event) => setWeight(event.currentTarget.value)}
      />
      {action === 'set' && (
        <Checkbox
          label={t`啟用`}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
      )}
      <TextInput
        label={t`備註`}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {changed && (
        <Group>
          <Button disabled={busy} onClick={() => void save()}>
            {action === 'set' ? t`儲存設定` : t`確認借出`}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

function BringBackForm({
  box,
  scope,
  returned,
}: {
  box: PaperBox;
  scope: ClientScope;
  returned: (row: PaperRow) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const [weight, setWeight] = useState('');
  const [hasProblem, setHasProblem] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const out = box.lastrow;

  const save = async () => {
    if (!isPositiveFloat(weight) || Number(weight) < box.boxweight) return setProblem(t`請檢查資料`);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await returnPaperBox(
        box.pk,
        {
          weight: weight.trim(),
          problem: hasProblem,
          ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
          requestId: crypto.randomUUID(),
        },
        scope,
      );
      if (answer.status === 'ok') {
        returned(answer.row);
        await invalidatePaper(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`失敗，請再試一次`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={520}>
      {out && (
        <Text>
          {t`${out.user?.name ?? ''} 借出時 ${out.borrowweight ?? 0} g（${out.borrowquantity ?? 0} 張）`}
        </Text>
      )}
      <TextInput
        label={t`歸還重量（g）`}
        description={t`連盒帶紙秤重`}
        inputMode="decimal"
        value={weight}
        onChange={(event) => setWeight(event.currentTarget.value)}
      />
      <Checkbox
        label={t`有問題（例如受潮、漏光）`}
        checked={hasProblem}
        onChange={(event) => setHasProblem(event.currentTarget.checked)}
      />
      <TextInput
        label={t`備註`}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {(weight !== '' || hasProblem || comment !== '') && (
        <Group>
          <Button disabled={busy} onClick={() => void save()}>
            <Trans>確認歸還</Trans>
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
