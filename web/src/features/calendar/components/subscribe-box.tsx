import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { toast } from '../../../shared/ui/toast';
import { PUBLIC_FEED_PATH, useMyFeed, useRenewFeed } from '../api/calendar';

function FeedUrl({ label, path }: { label: string; path: string }) {
  const { t } = useLingui();
  const url = `${window.location.origin}${path}`;
  const webcal = url.replace(/^https?:/, 'webcal:');
  return (
    <Stack gap={4}>
      <TextInput label={label} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Group gap="xs">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t`已複製` : t`複製網址`}
            </Button>
          )}
        </CopyButton>
        <Anchor href={webcal} size="sm">
          <Trans>加入手機行事曆</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * Subscribing from a phone's calendar (beyond the spec): everyone gets the public feed; staff also get a
 * personal secret URL that includes staff-only entries, which they can replace (the old one stops).
 */
export function SubscribeBox({ isStaff }: { isStaff: boolean }) {
  const { t } = useLingui();
  const mine = useMyFeed(isStaff);
  const renew = useRenewFeed();
  const makeNew = async () => {
    try {
      await renew.mutateAsync();
    } catch (error) {
      console.error('calendar feed renew failed', error);
      toast.danger(t`無法產生網址，請重試`);
    }
  };
  const personal = mine.data?.path ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-label={t`訂閱行事曆`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          <Trans>訂閱行事曆</Trans>
        </Title>
        <FeedUrl label={t`公開行事曆網址`} path={PUBLIC_FEED_PATH} />
        {isStaff && (
          <>
            <Text size="sm" c="dimmed">
              <Trans>幹部專屬網址也包含僅幹部的活動，請勿分享；重新產生後舊網址立即失效。</Trans>
            </Text>
            {personal && <FeedUrl label={t`我的幹部行事曆網址`} path={personal} />}
            <Group>
              <Button size="xs" variant="default" loading={renew.isPending} onClick={() => void makeNew()}>
                {personal ? t`重新產生幹部網址` : t`產生我的幹部網址`}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
