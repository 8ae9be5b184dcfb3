import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type DoorPageRow, type OpenDoorReply, useDoorPage, useOpenDoor } from '../api/door';
import { doorResultText, openDoorMessage, taipeiDateTime } from '../lib/messages';

function RecentOpenings({ rows }: { rows: DoorPageRow[] }) {
  const { t, i18n } = useLingui();
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        <Trans>最近沒有開門紀錄</Trans>
      </Text>
    );
  return (
    <Stack gap={6} component="ul" aria-label={t`最近開門紀錄`} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Group key={row.pk} component="li" justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {taipeiDateTime(row.timestamp)}
          </Text>
          <Group gap={6} wrap="nowrap">
            {row.mine && (
              <Badge variant="light" size="sm">
                <Trans>我</Trans>
              </Badge>
            )}
            <Text size="sm" c={row.result === 1 ? 'teal.9' : row.result === null ? 'dimmed' : 'red.9'}>
              {i18n._(doorResultText(row.result))}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * OpenDoor (/open/door, document 1): a big button that opens the club-room door, the answer, today's hours
 * and the door's recent openings (nobody's name; docs/door.md). Members or the opendoor authority may open;
 * the button shows only with the webopendoor authority (document 1, section 6).
 */
export default function OpenDoorPage() {
  const { t, i18n } = useLingui();
  const { user } = useCurrentUser();
  const mayOpen = user !== null && (user.ismember || hasAuthority(user, 'opendoor'));
  // Others are refused the list too (403), so it is not asked for.
  const page = useDoorPage(mayOpen);
  const open = useOpenDoor();
  const [reply, setReply] = useState<OpenDoorReply | null>(null);
  const [networkFailed, setNetworkFailed] = useState(false);

  const showsButton = mayOpen && hasAuthority(user, 'webopendoor');

  const press = async () => {
    setReply(null);
    setNetworkFailed(false);
    try {
      setReply(await open.mutateAsync({ requestId: crypto.randomUUID(), simple: false }));
    } catch (error) {
      console.error('door open failed', error);
      setNetworkFailed(true);
    }
  };

  const message = reply !== null || networkFailed ? openDoorMessage(reply) : null;
  const hours = page.data?.hours;
  return (
    <Box maw={480} mx="auto">
      <Stack>
        <Title order={2}>
          <Trans>開門</Trans>
        </Title>
        {hours && (
          <Text c="dimmed" size="sm">
            {hours.period === 'term' ? (
              <Trans>
                學期中開放 {hours.opens}–{hours.closes}，最晚 {hours.lastopen} 前開門
              </Trans>
            ) : (
              <Trans>
                寒暑假開放 {hours.opens}–{hours.closes}，最晚 {hours.lastopen} 前開門
              </Trans>
            )}
          </Text>
        )}
        {showsButton ? (
          <Button
            size="xl"
            radius="xl"
            h={160}
            fullWidth
            onClick={() => void press()}
            loading={open.isPending}
            loaderProps={{ type: 'dots' }}
            aria-label={open.isPending ? t`開門中…` : undefined}
            styles={{ label: { fontSize: 36 } }}
          >
            <Trans>開門</Trans>
          </Button>
        ) : (
          <Alert color="gray">
            {mayOpen ? (
              <Trans>你的帳號沒有網頁開門的權限，請連絡幹部。</Trans>
            ) : (
              <Trans>開門限社員或有開門權限的人使用。</Trans>
            )}
          </Alert>
        )}
        <div aria-live="polite" role="status">
          {open.isPending ? (
            <Text ta="center" c="dimmed">
              <Trans>開門中，請稍候…</Trans>
            </Text>
          ) : (
            message && (
              <Alert color={message.tone === 'ok' ? 'teal' : 'red'} variant="filled">
                <Text fw={700} size="lg">
                  {i18n._(message.text)}
                </Text>
              </Alert>
            )
          )}
        </div>
        {mayOpen && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={3} size="h5">
                <Trans>最近開門紀錄</Trans>
              </Title>
              {page.isPending ? (
                <PageLoader />
              ) : page.isError || page.data === undefined ? (
                <LoadFailed onRetry={() => void page.refetch()} />
              ) : (
                <RecentOpenings rows={page.data.loglist} />
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
