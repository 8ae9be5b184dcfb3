import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type StatusItem, useSystemStatus } from '../api/system';
import { SystemNav } from '../components/system-nav';
import { useStatusText } from '../lib/status-texts';

function StatusList({ items, label, problem }: { items: StatusItem[]; label: string; problem: boolean }) {
  const text = useStatusText();
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Card
          // Items of one key (queues, devices) differ by their params.
          key={`${item.key}-${JSON.stringify(item.params)}`}
          component="li"
          withBorder
          padding="sm"
          style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
        >
          <Text fw={problem ? 700 : 400} c={problem ? 'red.9' : undefined}>
            {text(item)}
          </Text>
          {item.detail !== undefined && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.detail}
            </Text>
          )}
          {item.since !== undefined && (
            <Text size="xs" c="dimmed">
              <Trans>自 {formatTaipeiSeconds(item.since)}</Trans>
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** AdminSystemStatus (document 3): the problem and the normal list of the system's checks. */
export default function AdminSystemStatusPage() {
  const { t } = useLingui();
  const status = useSystemStatus();
  return (
    <Stack>
      <SystemNav current="AdminSystemStatus" />
      <Group justify="space-between">
        <Title order={2}>
          <Trans>系統狀態</Trans>
        </Title>
        <Button variant="light" onClick={() => void status.refetch()} loading={status.isFetching}>
          <Trans>重新檢查</Trans>
        </Button>
      </Group>
      {status.isPending ? (
        <PageLoader />
      ) : status.isError || status.data === undefined ? (
        <LoadFailed onRetry={() => void status.refetch()} />
      ) : (
        <>
          <Title order={3}>
            <Trans>問題（{status.data.problem.length}）</Trans>
          </Title>
          {status.data.problem.length === 0 ? (
            <Alert color="teal">
              <Trans>沒有問題</Trans>
            </Alert>
          ) : (
            <StatusList items={status.data.problem} label={t`問題`} problem />
          )}
          <Title order={3}>
            <Trans>正常（{status.data.normal.length}）</Trans>
          </Title>
          <StatusList items={status.data.normal} label={t`正常`} problem={false} />
        </>
      )}
    </Stack>
  );
}
