import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useCloseVote, useOpenVote, type VotePage } from '../api/vote';

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
const toLocalInput = (ms: number) => new Date(ms + TAIPEI_OFFSET_MS).toISOString().slice(0, 16);
const fromLocalInput = (value: string) => new Date(`${value}:00+08:00`).toISOString();

/**
 * Staff's controls on the vote page (docs/signin-vote.md): open a vote for this semester's members (one or
 * two ballots, each a candidate or a motion, and the period) or close the running one now.
 */
export function StaffVotePanel({ page }: { page: VotePage }) {
  const { t } = useLingui();
  const open = useOpenVote();
  const close = useCloseVote();
  const [now] = useState(() => Date.now());
  const [title, setTitle] = useState('');
  const [ballot1, setBallot1] = useState('');
  const [kind1, setKind1] = useState<'candidate' | 'motion'>('candidate');
  const [ballot2, setBallot2] = useState('');
  const [kind2, setKind2] = useState<'candidate' | 'motion'>('motion');
  const [opensAt, setOpensAt] = useState(() => toLocalInput(now));
  const [closesAt, setClosesAt] = useState(() => toLocalInput(now + 24 * 3_600_000));
  const running = page.stat !== null && page.votestatus !== 2;

  const submit = async () => {
    const ballots = [
      { title: ballot1.trim(), kind: kind1 },
      { title: ballot2.trim(), kind: kind2 },
    ].filter((ballot) => ballot.title !== '');
    if (title.trim() === '' || ballots.length === 0) {
      toast.danger(t`資料有少`);
      return;
    }
    try {
      const reply = await open.mutateAsync({
        title,
        ballots,
        opensAt: fromLocalInput(opensAt),
        closesAt: fromLocalInput(closesAt),
      });
      if (reply.status === 'ok') toast.success(t`已開始投票`);
      else toast.danger(reply.reason === 'period_invalid' ? t`結束時間必須晚於開始時間` : t`資料有少`);
    } catch (error) {
      console.error('open vote failed', error);
      toast.danger(t`發生錯誤`);
    }
  };

  const closeNow = async () => {
    if (!page.stat || !window.confirm(t`確定要立即結束投票？`)) return;
    try {
      const reply = await close.mutateAsync(page.stat.voteId);
      if (reply.status === 'ok') toast.success(t`投票已結束`);
      else toast.danger(t`發生錯誤`);
    } catch (error) {
      console.error('close vote failed', error);
      toast.danger(t`發生錯誤`);
    }
  };

  const kinds = [
    { value: 'candidate', label: t`候選人` },
    { value: 'motion', label: t`議案` },
  ];
  return (
    <Paper withBorder p="md" bg="gray.0">
      <Stack>
        <Title order={3} size="h4">
          <Trans>幹部：投票管理</Trans>
        </Title>
        {running ? (
          <Button color="red" onClick={() => void closeNow()} loading={close.isPending}>
            <Trans>立即結束投票</Trans>
          </Button>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <TextInput
                label={t`投票名稱`}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <Group align="end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t`第一張選票`}
                  value={ballot1}
                  onChange={(e) => setBallot1(e.currentTarget.value)}
                />
                <SegmentedControl
                  data={kinds}
                  value={kind1}
                  onChange={(value) => setKind1(value as 'candidate' | 'motion')}
                />
              </Group>
              <Group align="end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t`第二張選票（可留空）`}
                  value={ballot2}
                  onChange={(e) => setBallot2(e.currentTarget.value)}
                />
                <SegmentedControl
                  data={kinds}
                  value={kind2}
                  onChange={(value) => setKind2(value as 'candidate' | 'motion')}
                />
              </Group>
              <TextInput
                type="datetime-local"
                label={t`開始投票`}
                value={opensAt}
                onChange={(e) => setOpensAt(e.currentTarget.value)}
              />
              <TextInput
                type="datetime-local"
                label={t`結束投票`}
                value={closesAt}
                onChange={(e) => setClosesAt(e.currentTarget.value)}
              />
              <Button type="submit" loading={open.isPending}>
                <Trans>開啟投票</Trans>
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
