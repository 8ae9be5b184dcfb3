import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonPicker } from '../../../shared/components/person-picker';
import type { PersonRef } from '../../../shared/api/user-search';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import {
  type ChargeView,
  type ClientScope,
  type DarkroomState,
  type SessionBody,
  useDarkroomCommand,
  useDarkroomState,
} from '../api/darkroom-sessions';
import { ChargeTable } from '../components/charge-table';
import { ChemicalForm, LineForm } from '../components/session-forms';
import { useDarkroomTexts } from '../components/texts';

/**
 * The darkroom session (issue 16 §4): a member checks in, enters what they developed and printed and the
 * chemicals used, sees what checking out will charge beyond the member fee's allowance, and checks out.
 * At the counter (?scope=store) the member logged in with their card does it for themselves; staff may
 * pick any member and do it for them.
 */
export default function DarkroomSessionPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const scope: ClientScope = params.get('scope') === 'store' ? 'store' : 'main';
  const { user } = useCurrentUser();
  const staff = isActiveStaff(user) && scope === 'main';
  const [person, setPerson] = useState<PersonRef | null>(null);
  const target: number | 'me' = staff && person ? person.pk : 'me';
  const state = useDarkroomState(target, scope);
  const command = useDarkroomCommand(scope);
  const [charged, setCharged] = useState<ChargeView | null>(null);
  const messages: Record<string, string> = {
    already_in: t`已經在暗房中，請先簽退`,
    not_in: t`目前沒有進行中的暗房使用`,
    format: t`請檢查項目、尺寸與數量`,
    notfound: t`找不到資料`,
    notmember: t`只有社員可以使用暗房`,
  };
  const send = async (body: SessionBody, done?: string): Promise<boolean> => {
    try {
      const answer = await command.mutateAsync({ ...body, ...(target === 'me' ? {} : { userpk: target }) });
      if (answer.status === 'ok') {
        if (answer.charged) setCharged(answer.charged);
        if (done) toast.success(done);
        return true;
      }
      toast.danger(messages[answer.reason] ?? t`請檢查資料`);
    } catch {
      toast.danger(t`網路或伺服器錯誤，請再試一次或聯絡粉專`);
    }
    return false;
  };
  return (
    <Stack>
      <Title order={2}>
        <Trans>暗房使用登記</Trans>
      </Title>
      {staff && (
        <PersonPicker
          label={t`代社員登記（留空為自己）`}
          value={person}
          onChange={(next) => {
            setPerson(next);
            setCharged(null);
          }}
        />
      )}
      {state.isPending ? (
        <PageLoader />
      ) : state.isError ? (
        <LoadFailed onRetry={() => void state.refetch()} />
      ) : (
        <SessionBlock
          state={state.data}
          charged={charged}
          busy={command.isPending}
          send={send}
          onCheckIn={() => {
            setCharged(null);
            void send({ cmd: 'checkin', requestId: crypto.randomUUID() }, t`已簽到，開始使用暗房`);
          }}
        />
      )}
    </Stack>
  );
}

function SessionBlock({
  state,
  charged,
  busy,
  send,
  onCheckIn,
}: {
  state: DarkroomState;
  charged: ChargeView | null;
  busy: boolean;
  send: (body: SessionBody, done?: string) => Promise<boolean>;
  onCheckIn: () => void;
}) {
  const { t } = useLingui();
  const { kindName, formatName } = useDarkroomTexts();
  const session = state.session;
  const { bwRolls, bwPrintSessions } = state.allowance;
  return (
    <Stack>
      <Card withBorder>
        <Text fw={500}>
          {state.user.name} ({state.user.pkstr})
        </Text>
        <Text>
          {t`${state.semester} 學期社費尚可抵用：黑白沖片 ${bwRolls.left} / ${bwRolls.total} 捲，黑白放相 ${bwPrintSessions.left} / ${bwPrintSessions.total} 次`}
        </Text>
      </Card>
      {charged && (
        <Alert color={charged.total > 0 ? 'orange' : 'green'} title={t`已簽退`}>
          <Stack>
            <Text>{t`本次收費 ${charged.total} 元，已記入交易紀錄`}</Text>
            <ChargeTable charge={charged} caption={t`本次收費`} />
          </Stack>
        </Alert>
      )}
      {session === null ? (
        <Group>
          <Button onClick={onCheckIn} loading={busy}>
            <Trans>簽到（進暗房）</Trans>
          </Button>
        </Group>
      ) : (
        <Card withBorder>
          <Stack>
            <Text>{t`進行中，簽到時間 ${formatTaipeiSeconds(session.starttime)}`}</Text>
            <ScrollTable caption={t`使用項目`} minWidth={360}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t`項目`}</Table.Th>
                    <Table.Th>{t`尺寸`}</Table.Th>
                    <Table.Th>{t`數量`}</Table.Th>
                    <Table.Th>{t`刪除`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {session.lines.map((line) => (
                    <Table.Tr key={line.lineId}>
                      <Table.Td>{kindName(line.kind)}</Table.Td>
                      <Table.Td>{formatName(line.format)}</Table.Td>
                      <Table.Td>{line.quantity}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t`刪除 ${kindName(line.kind)} ${formatName(line.format)} ${line.quantity}`}
                          onClick={() => void send({ cmd: 'removeline', lineId: line.lineId })}
                        >
                          {t`刪除`}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {session.chemicals.map((use) => (
                    <Table.Tr key={use.useId}>
                      <Table.Td>{t`藥水`}</Table.Td>
                      <Table.Td>{use.name}</Table.Td>
                      <Table.Td>{use.volume} ml</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <LineForm state={state} send={send} busy={busy} />
            <ChemicalForm state={state} send={send} busy={busy} />
            {state.preview && <ChargeTable charge={state.preview} caption={t`簽退時將收取`} />}
            <Group>
              <Button loading={busy} onClick={() => void send({ cmd: 'checkout' })}>
                <Trans>簽退（離開暗房）</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {state.recent.length > 0 && (
        <ScrollTable caption={t`最近的暗房使用`} minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`簽到`}</Table.Th>
                <Table.Th>{t`簽退`}</Table.Th>
                <Table.Th>{t`項目`}</Table.Th>
                <Table.Th>{t`收費`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.recent.map((row) => (
                <Table.Tr key={row.pk}>
                  <Table.Td>{formatTaipeiSeconds(row.starttime)}</Table.Td>
                  <Table.Td>{row.endtime ? formatTaipeiSeconds(row.endtime) : '-'}</Table.Td>
                  <Table.Td>
                    {row.lines
                      .map((line) => `${kindName(line.kind)} ${formatName(line.format)} × ${line.quantity}`)
                      .join('、') || '-'}
                  </Table.Td>
                  <Table.Td>{row.charge?.total ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
