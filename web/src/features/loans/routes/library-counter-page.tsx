import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type BookLog, borrowBooks, invalidateLibrary, returnBooks } from '../api/library';
import { LibraryRules } from '../components/library-rules';
import { useLoanMessages } from '../components/loan-messages';
import { ScanList } from '../components/scan-list';
import { taipeiMinutes } from '../lib/format';
import { useClientScope } from '../lib/scope';

interface Outcome {
  kind: 'borrowed' | 'returned';
  loglist: BookLog[];
  fine: number;
}

/**
 * Borrow and return books at the counter (issue 15; the spec shows no path): at the kiosk (?scope=store) a
 * member who scanned their card borrows and returns for themselves; staff lend to anyone they pick and take
 * back any book. Barcodes are scanned one by one; the request is all or nothing.
 */
export default function LibraryCounterPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const scope = useClientScope();
  const { user } = useCurrentUser();
  const staff = isActiveStaff(user);
  const selfOnly = scope === 'store' || !staff;
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [barcodes, setBarcodes] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const message = useLoanMessages();

  if (!user) return <PageLoader />;
  if (!staff && scope !== 'store')
    return (
      <Alert color="yellow" title={t`櫃台借還書`}>
        <Trans>請在社辦櫃台的刷卡機刷社員卡登入後借還書，或請值班幹部協助。</Trans>
      </Alert>
    );

  const run = async (kind: 'borrowed' | 'returned') => {
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const requestId = crypto.randomUUID();
      const answer =
        kind === 'borrowed'
          ? await borrowBooks(
              { barcodes, requestId, ...(selfOnly || !person ? {} : { userpk: person.pk }) },
              scope,
            )
          : await returnBooks({ barcodes, requestId }, scope);
      if (answer.status === 'ok') {
        setOutcome({ kind, loglist: answer.loglist, fine: 'fine' in answer ? answer.fine : 0 });
        setBarcodes([]);
        await invalidateLibrary(queryClient);
      } else setProblem(message(answer.reason, answer.barcode));
    } catch {
      setProblem(t`伺服器錯誤，請稍後再試`);
    } finally {
      setBusy(false);
    }
  };

  const mine = selfOnly ? user.bookborrowlist : [];
  return (
    <Stack maw={760}>
      <Title order={2}>
        <Trans>櫃台借還書</Trans>
      </Title>
      <LibraryRules />
      {selfOnly ? (
        <Text>
          <Trans>借閱人：{user.name}</Trans>
        </Text>
      ) : (
        <PersonPicker label={t`借閱人（還書不必選）`} value={person} onChange={setPerson} />
      )}
      {mine.length > 0 && (
        <Paper withBorder p="sm">
          <Text fw={700}>
            <Trans>你借的書</Trans>
          </Text>
          <List>
            {mine.map((entry) => (
              <List.Item key={entry.pk}>
                <Text c={entry.expired ? 'red.9' : undefined} size="sm">
                  {entry.title} ({entry.barcode}) · {t`到期 ${taipeiMinutes(entry.duetime)}`}
                  {entry.expired ? ` · ${t`逾期 ${entry.expiredays} 天`}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      <ScanList label={t`掃描書的條碼`} barcodes={barcodes} onChange={setBarcodes} />
      <Group>
        <Button
          disabled={barcodes.length === 0 || busy || (!selfOnly && person === null)}
          onClick={() => void run('borrowed')}
        >
          <Trans>借書</Trans>
        </Button>
        <Button
          variant="outline"
          disabled={barcodes.length === 0 || busy}
          onClick={() => void run('returned')}
        >
          <Trans>還書</Trans>
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {outcome && (
        <Alert color="green" role="status" title={outcome.kind === 'borrowed' ? t`借書完成` : t`還書完成`}>
          <List>
            {outcome.loglist.map((log) => (
              <List.Item key={log.pk}>
                {outcome.kind === 'borrowed'
                  ? t`${log.pk} ${log.book.title}：請在 ${taipeiMinutes(log.duetime)} 前歸還`
                  : log.fine > 0
                    ? t`${log.pk} ${log.book.title}：逾期 ${log.expiredays} 天，罰款 ${log.fine} 元`
                    : t`${log.pk} ${log.book.title}：已歸還`}
              </List.Item>
            ))}
          </List>
          {outcome.fine > 0 && <Text fw={700}>{t`共罰款 ${outcome.fine} 元，已從儲值金扣除`}</Text>}
        </Alert>
      )}
    </Stack>
  );
}
