import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  invalidateProperty,
  lendProperty,
  type PropertyLog,
  returnProperty,
  usePropertyList,
} from '../api/property';
import { EquipmentRules } from '../components/library-rules';
import { useLoanMessages } from '../components/loan-messages';
import { useActivityLabel } from '../components/property-log-columns';
import { taipeiMinutes } from '../lib/format';
import { useClientScope } from '../lib/scope';

/**
 * Lend and return equipment at the counter (issue 15; the spec shows no path): at the kiosk (?scope=store)
 * a member lends for themselves (kinds 1 and 2; the deposit of 3 day fees is held from their balance);
 * staff lend to anyone, also for official activity (kind 5, free). The return charges the rent and
 * releases the deposit, and the page shows both.
 */
export default function PropertyCounterPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const scope = useClientScope();
  const { user } = useCurrentUser();
  const staff = isActiveStaff(user);
  const selfOnly = scope === 'store' || !staff;
  const list = usePropertyList();
  const activity = useActivityLabel();
  const message = useLoanMessages();
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [itemPk, setItemPk] = useState<string | null>(null);
  const [kind, setKind] = useState('2');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ lent: boolean; log: PropertyLog } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user || list.isPending) return <PageLoader />;
  if (!staff && scope !== 'store')
    return (
      <Alert color="yellow" title={t`櫃台借還器材`}>
        <Trans>請在社辦櫃台的刷卡機刷社員卡登入後借還器材，或請值班幹部協助。</Trans>
      </Alert>
    );

  const items = list.data?.propertylist ?? [];
  const item = items.find((candidate) => String(candidate.pk) === itemPk) ?? null;
  const out = item?.lastrow !== null && item?.lastrow !== undefined && item.lastrow.realreturntime === null;

  const run = async (lend: boolean) => {
    if (!item) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const requestId = crypto.randomUUID();
      const answer = lend
        ? await lendProperty(
            {
              propertypk: item.pk,
              activitytype: Number(kind),
              requestId,
              ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
              ...(selfOnly || !person ? {} : { userpk: person.pk }),
            },
            scope,
          )
        : await returnProperty({ propertypk: item.pk, requestId }, scope);
      if (answer.status === 'ok') {
        setDone({ lent: lend, log: answer.log });
        await invalidateProperty(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`伺服器錯誤，請稍後再試`);
    } finally {
      setBusy(false);
    }
  };

  const log = done?.log;
  return (
    <Stack maw={760}>
      <Title order={2}>
        <Trans>櫃台借還器材</Trans>
      </Title>
      <EquipmentRules />
      <Select
        label={t`器材`}
        searchable
        data={items.map((candidate) => {
          const lentNow = candidate.lastrow !== null && candidate.lastrow.realreturntime === null;
          return {
            value: String(candidate.pk),
            label: `${candidate.name} (${candidate.pkstr}) · ${t`日租 ${candidate.dayfee} 元`}${lentNow ? ` · ${t`借出中`}` : ''}`,
          };
        })}
        value={itemPk}
        onChange={(value) => {
          setItemPk(value);
          setDone(null);
          setProblem(null);
        }}
      />
      {item && out && item.lastrow && (
        <Text>
          {t`${item.lastrow.user.name} 借出中（${taipeiMinutes(item.lastrow.timestamp)} 起，押金 ${item.lastrow.deposit} 元）`}
        </Text>
      )}
      {item && !out && (
        <>
          {selfOnly ? (
            <Text>
              <Trans>借用人：{user.name}</Trans>
            </Text>
          ) : (
            <PersonPicker label={t`借用人`} value={person} onChange={setPerson} />
          )}
          <Radio.Group label={t`用途`} value={kind} onChange={setKind}>
            <Group mt="xs">
              <Radio value="1" label={activity(1)} />
              <Radio value="2" label={activity(2)} />
              {staff && <Radio value="5" label={activity(5)} />}
            </Group>
          </Radio.Group>
          <TextInput
            label={t`備註`}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {kind !== '5' && <Text size="sm">{t`押金 ${item.dayfee * 3} 元，歸還時退還`}</Text>}
          <Group>
            <Button disabled={busy || (!selfOnly && person === null)} onClick={() => void run(true)}>
              <Trans>借出</Trans>
            </Button>
          </Group>
        </>
      )}
      {item && out && (
        <Group>
          <Button disabled={busy} onClick={() => void run(false)}>
            <Trans>歸還</Trans>
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {log && done && (
        <Alert color="green" role="status" title={done.lent ? t`借出完成` : t`歸還完成`}>
          {done.lent ? (
            <Text>
              {t`${log.pk} ${log.clubproperty.name}：請在 ${taipeiMinutes(log.expreturntime)} 前歸還，押金 ${log.deposit} 元`}
            </Text>
          ) : (
            <Text>
              {t`${log.pk} ${log.clubproperty.name}：租金 ${log.rent ?? 0} 元，退還押金 ${log.transafter?.delta ?? 0} 元`}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
