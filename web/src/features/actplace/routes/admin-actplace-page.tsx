import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { MarkdownText } from '../../../shared/content/markdown';
import { useContent, useContentLocale } from '../../../shared/content/use-content';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { type ActPlacePage, type ActPlaceWishRow, useActPlaceClick, useActPlacePage } from '../api/actplace';
import { WishForm } from '../components/wish-form';
import { workerCannotConnect } from '../lib/freshness';
import { roomNames, useReasonText, useStatusText, useTimeslotText } from '../lib/texts';

/** Ticks every second so the banner appears once the last answer is over 5 s old, polls or not. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SharedAccount({ page }: { page: ActPlacePage }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm">
        <Trans>學校場地系統的共用帳號</Trans>
      </Text>
      <Group gap="md" mt={4}>
        <Text size="sm">
          <Trans>活動編號：{page.actID || '—'}</Trans>
        </Text>
        <Text size="sm">
          <Trans>帳號：{page.actAccount || '—'}</Trans>
        </Text>
        <CopyButton value={page.actPassword}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} disabled={page.actPassword === ''}>
              {copied ? t`已複製` : t`複製密碼`}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}

function Wish({ row, names }: { row: ActPlaceWishRow; names: Map<string, string> }) {
  const { t } = useLingui();
  const slotText = useTimeslotText();
  const statusText = useStatusText();
  const reasonText = useReasonText();
  const click = useActPlaceClick();
  const withdraw = async () => {
    const reply = await click.mutateAsync({ cmd: 'withdraw', wishId: row.wishId });
    if (reply.status !== 'ok') toast.danger(reasonText(reply.reason));
  };
  const color = row.status === 'booked' ? 'teal' : row.status === 'failed' ? 'red' : 'gray';
  return (
    <Card withBorder padding="sm" component="li" aria-label={row.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Text fw={600}>{row.name}</Text>
          <Text size="sm">
            {row.date} {slotText(row.timeslot)}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>{row.ntup} 人</Trans>
            {row.duplicatedCounter > 0 && <> · {t`同時段還有 ${row.duplicatedCounter} 筆`}</>}
          </Text>
        </Stack>
        <Badge color={color} variant="light">
          {statusText(row.status)}
        </Badge>
      </Group>
      {row.room !== null && (
        <Text size="sm" fw={600} c="teal.9" mt={4}>
          <Trans>借到：{names.get(row.room) ?? row.room}</Trans>
        </Text>
      )}
      <List type="ordered" size="sm" mt={4}>
        {row.choicelist.map((room) => (
          <List.Item key={room}>{names.get(room) ?? room}</List.Item>
        ))}
      </List>
      {row.status === 'pending' && (
        <Group justify="flex-end">
          <Button size="compact-sm" variant="subtle" color="red" onClick={withdraw}>
            <Trans>撤回</Trans>
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * AdminActPlace (/admin/actplace, document 3): the room-booking helper. Staff with the actplace authority
 * enter wishes; at 10:00:00 the portal has the booking host book them on the university's site. The page
 * polls every 3 s and warns 'worker cannot connect' when no fresh result came for over 5 s.
 */
export default function AdminActPlacePage() {
  const { t } = useLingui();
  const english = useContentLocale() === 'en';
  const rules = useContent('actplace');
  const page = useActPlacePage();
  const click = useActPlaceClick();
  const statusText = useStatusText();
  const now = useNow();
  const data = page.data;
  const names = roomNames(data, english);
  const cannotConnect = workerCannotConnect({
    answeredAtMs: page.dataUpdatedAt === 0 ? null : page.dataUpdatedAt,
    nowMs: now,
    serverNow: data?.now ?? null,
    heartbeatAt: data?.recentResult?.at ?? null,
    online: data?.recentResult?.online ?? false,
  });

  const runNow = async () => {
    const reply = await click.mutateAsync({ cmd: 'run' });
    if (reply.status === 'ok') toast.info(t`已送出 ${reply.sent ?? 0} 筆`);
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>借場地小幫手</Trans>
      </Title>
      {cannotConnect && (
        <Alert color="red" role="alert">
          <Trans>無法連線到 worker</Trans>
        </Alert>
      )}
      <MarkdownText text={rules} />
      {page.isPending ? (
        <PageLoader />
      ) : page.isError && !data ? (
        <LoadFailed onRetry={() => page.refetch()} />
      ) : data ? (
        <>
          <SharedAccount page={data} />
          <WishForm page={data} english={english} />
          <Group justify="space-between">
            <Title order={3} size="h4">
              <Trans>志願</Trans>
            </Title>
            <Button
              variant="light"
              onClick={runNow}
              loading={click.isPending && click.variables?.cmd === 'run'}
              disabled={!data.loglist.some((row) => row.status === 'pending')}
            >
              <Trans>立即送出</Trans>
            </Button>
          </Group>
          {data.loglist.length === 0 ? (
            <Text c="dimmed">
              <Trans>還沒有志願</Trans>
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`志願`}>
              {data.loglist.map((row) => (
                <Wish key={row.wishId} row={row} names={names} />
              ))}
            </Stack>
          )}
          <Title order={3} size="h4">
            <Trans>借用結果</Trans>
          </Title>
          {data.orderAllList.length === 0 ? (
            <Text c="dimmed">
              <Trans>還沒有結果</Trans>
            </Text>
          ) : (
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`借用結果`}>
              {data.orderAllList.map((order) => (
                <Text component="li" size="sm" key={`${order.wishId}-${order.at}`}>
                  {formatTaipeiSeconds(order.at)} · {order.name} · {statusText(order.outcome, order.outcome)}
                  {order.room !== null && ` · ${names.get(order.room) ?? order.room}`}
                </Text>
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
