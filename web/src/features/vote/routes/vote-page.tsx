import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Paper, Radio, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useCurrentUser } from '../../../shared/session/current-user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { type BallotOption, useCastVote, useVotePage, type VotePage } from '../api/vote';
import { StaffVotePanel } from '../components/staff-vote-panel';
import { BALLOT_OPTIONS, optionNames, voteReasonText } from '../lib/messages';

type Stat = NonNullable<VotePage['stat']>;
const minutes = (iso: string) => formatTaipeiSeconds(iso).slice(0, 16);

/** The 3-step wizard (document 2): 1 choose, 2 confirm, 3 done. Every ballot must be chosen. */
function VoteWizard({ stat, onDone }: { stat: Stat; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const cast = useCastVote();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [choices, setChoices] = useState<(BallotOption | null)[]>(() => stat.ballots.map(() => null));
  const [problem, setProblem] = useState<string | null>(null);

  const next = () => {
    if (choices.some((choice) => choice === null)) {
      setProblem(i18n._(voteReasonText('unchosen')));
      return;
    }
    setProblem(null);
    setStep(1);
  };

  const confirm = async () => {
    try {
      const reply = await cast.mutateAsync({ radio1: choices[0] ?? null, radio2: choices[1] ?? null });
      if (reply.status === 'ok') {
        onDone();
        setStep(2);
        return;
      }
      toast.danger(i18n._(voteReasonText(reply.reason)));
    } catch (error) {
      console.error('vote failed', error);
      toast.danger(i18n._(voteReasonText('error')));
    }
    // 'error occurred' resets the wizard (document 2, section 8).
    setChoices(stat.ballots.map(() => null));
    setStep(0);
  };

  return (
    <Stepper active={step} size="sm" allowNextStepsSelect={false}>
      <Stepper.Step label={t`選擇`}>
        <Stack>
          {stat.ballots.map((ballot, index) => (
            <Radio.Group
              key={ballot.title}
              label={ballot.title}
              description={ballot.kind === 'candidate' ? t`候選人` : t`議案`}
              value={choices[index] ?? null}
              onChange={(value) =>
                setChoices((current) =>
                  current.map((choice, at) => (at === index ? (value as BallotOption) : choice)),
                )
              }
            >
              <Group mt="xs">
                {BALLOT_OPTIONS.map((option) => (
                  <Radio key={option} value={option} label={i18n._(optionNames[option])} />
                ))}
              </Group>
            </Radio.Group>
          ))}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Button onClick={next}>
            <Trans>下一步</Trans>
          </Button>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t`確認`}>
        <Stack>
          <Text>
            <Trans>請確認你的選擇，送出後不能更改。</Trans>
          </Text>
          {stat.ballots.map((ballot, index) => (
            <Text key={ballot.title} fw={600}>
              {ballot.title}：{choices[index] ? i18n._(optionNames[choices[index]]) : ''}
            </Text>
          ))}
          <Group grow>
            <Button variant="default" onClick={() => setStep(0)}>
              <Trans>返回</Trans>
            </Button>
            <Button onClick={() => void confirm()} loading={cast.isPending}>
              <Trans>確認投票</Trans>
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Completed>
        <Alert color="teal" variant="filled">
          <Text fw={700}>
            <Trans>投票完成，謝謝你！</Trans>
          </Text>
        </Alert>
      </Stepper.Completed>
    </Stepper>
  );
}

function VoteResult({ result }: { result: NonNullable<VotePage['result']> }) {
  const { t, i18n } = useLingui();
  return (
    <Table aria-label={t`投票結果`} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>選票</Trans>
          </Table.Th>
          {BALLOT_OPTIONS.map((option) => (
            <Table.Th key={option}>{i18n._(optionNames[option])}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.map((row) => (
          <Table.Tr key={row.title}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{row.approve}</Table.Td>
            <Table.Td>{row.reject}</Table.Td>
            <Table.Td>{row.void}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Vote (/vote, document 2): not open, in progress (the wizard), or the result. Who has voted is listed
 * (finishlist), never what they voted. Staff also see the panel to open and close a vote.
 */
export default function VotePageRoute() {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const page = useVotePage();
  // The vote just cast here: the wizard stays on its last step although the page now says 'already'.
  const [doneVoteId, setDoneVoteId] = useState<string | null>(null);
  if (page.isPending) return <PageLoader />;
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()} />;
  const { votestatus, stat, reason, result, finishlist } = page.data;
  return (
    <Box maw={560} mx="auto">
      <Stack>
        <Title order={2}>{stat?.title ?? <Trans>社長選舉</Trans>}</Title>
        {stat && (
          <Text size="sm" c="dimmed">
            <Trans>
              投票時間 {minutes(stat.opensAt)} – {minutes(stat.closesAt)}
            </Trans>
          </Text>
        )}
        {votestatus === 0 && (
          <Alert color="gray">{i18n._(voteReasonText(reason === 'before' ? 'before' : 'notopen'))}</Alert>
        )}
        {votestatus === 1 && stat && (
          <Paper withBorder p="md">
            {reason === null || doneVoteId === stat.voteId ? (
              <VoteWizard key={stat.voteId} stat={stat} onDone={() => setDoneVoteId(stat.voteId)} />
            ) : (
              <Alert color={reason === 'already' ? 'teal' : 'gray'}>{i18n._(voteReasonText(reason))}</Alert>
            )}
          </Paper>
        )}
        {votestatus === 2 && result && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              <Trans>投票結果</Trans>
            </Title>
            <VoteResult result={result} />
          </Stack>
        )}
        {stat && (
          <Stack gap={4}>
            <Text fw={600}>
              <Trans>已投票 {finishlist.length} 人</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              {finishlist.map((row) => row.name).join('、')}
            </Text>
          </Stack>
        )}
        {user?.isstaff && <StaffVotePanel page={page.data} />}
      </Stack>
    </Box>
  );
}
