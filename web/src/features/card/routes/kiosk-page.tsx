import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { setCurrentUser } from '../../../shared/session/current-user';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type KioskWaitResponse, useKioskState, waitForCard } from '../api/card';

type Last = { result: 'login'; name: string } | { result: 'unknown' } | null;

/**
 * The counter kiosk (store scope): waits for card reads at the reader this browser is bound to, with one
 * long poll after another (each up to 15 s); a member's card logs them in here.
 */
export default function KioskPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const state = useKioskState();
  const reader = state.data?.reader ?? null;
  const [last, setLast] = useState<Last>(null);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (reader === null) return;
    const stop = new AbortController();
    const loop = async () => {
      while (!stop.signal.aborted) {
        let answer: KioskWaitResponse;
        try {
          answer = await waitForCard(stop.signal);
          setOffline(false);
        } catch {
          if (stop.signal.aborted) return;
          setOffline(true);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          continue;
        }
        if (answer.result === 'login' && answer.user) {
          setCurrentUser(queryClient, answer.user);
          setLast({ result: 'login', name: answer.user.name });
        } else if (answer.result === 'unknown') {
          setLast({ result: 'unknown' });
        }
      }
    };
    void loop();
    return () => stop.abort();
  }, [reader, queryClient]);

  if (state.isPending) return <PageLoader />;
  if (reader === null)
    return (
      <Alert color="yellow" title={t`這台瀏覽器不是刷卡機`}>
        <Trans>請值班幹部在「社員卡」頁面把這台瀏覽器設為刷卡機。</Trans>
      </Alert>
    );
  return (
    <Stack maw={520}>
      <Title order={2}>
        <Trans>櫃台刷卡登入</Trans>
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center">
          {last?.result === 'login' ? (
            <Text size="xl" fw={700} role="status">
              <Trans>歡迎，{last.name}</Trans>
            </Text>
          ) : null}
          {last?.result === 'login' ? (
            // The counter sale in the store scope (docs/shop.md): the member pays for what they take.
            <Group justify="center">
              <Button component={Link} to="/shop/counter?scope=store" size="lg">
                <Trans>櫃台結帳</Trans>
              </Button>
              {/* Loans at the counter (docs/loans.md, web pages). */}
              <Button component={Link} to="/library/counter?scope=store" size="lg" variant="light">
                <Trans>櫃台借還書</Trans>
              </Button>
              <Button component={Link} to="/property/counter?scope=store" size="lg" variant="light">
                <Trans>櫃台借還器材</Trans>
              </Button>
              <Button component={Link} to="/sharingpaper/counter?scope=store" size="lg" variant="light">
                <Trans>共用相紙</Trans>
              </Button>
            </Group>
          ) : last?.result === 'unknown' ? (
            <Alert color="red" role="alert">
              <Trans>這張卡沒有登記，請洽櫃台幹部</Trans>
            </Alert>
          ) : null}
          <Loader type="dots" />
          <Text>
            <Trans>請在讀卡機（{reader}）刷社員卡</Trans>
          </Text>
          {offline && (
            <Text c="red" size="sm">
              <Trans>連不上伺服器，重試中</Trans>
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
