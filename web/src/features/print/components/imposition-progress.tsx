import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchLastlog, type Lastlog, PRINT_POLL_MS } from '../api/print';
import { isRunning, pollKind } from '../lib/polling';

/**
 * The running imposition's lastlog: asked every 2.5 s while queued or running, with the whole project
 * refreshed every 6th poll and once more when the job ends (its results then show).
 */
export function useLastlog(pk: number, fromProject: Lastlog | undefined) {
  const client = useQueryClient();
  const [polled, setPolled] = useState<Lastlog | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer project answer replaces what the polls saw.
  useEffect(() => setPolled(null), [fromProject]);
  const lastlog = polled ?? fromProject;
  const running = lastlog ? isRunning(lastlog.status) : false;
  const count = useRef(0);
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setInterval(async () => {
      count.current += 1;
      if (pollKind(count.current) === 'full') {
        await client.invalidateQueries({ queryKey: ['print', 'project', pk] });
        return;
      }
      const answer = await fetchLastlog(pk).catch(() => null);
      if (!answer || stopped) return;
      setPolled(answer.lastlog);
      if (!isRunning(answer.lastlog.status)) void client.invalidateQueries({ queryKey: ['print'] });
    }, PRINT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, pk, running]);
  return { lastlog, setLastlog: setPolled };
}

export function ImpositionProgress({ lastlog }: { lastlog: Lastlog | undefined }) {
  const { t } = useLingui();
  if (!lastlog || lastlog.status === 'none') return null;
  if (lastlog.status === 'error')
    return (
      <Alert color="red" role="alert" title={t`拼版失敗`}>
        {lastlog.progresstext}
      </Alert>
    );
  const percent = lastlog.status === 'end' ? 100 : lastlog.progresspercent;
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {lastlog.status === 'end' ? (
          <Trans>拼版完成</Trans>
        ) : lastlog.status === 'queued' ? (
          <Trans>排隊中…</Trans>
        ) : (
          <Trans>拼版中：{lastlog.progresstext}</Trans>
        )}
      </Text>
      <Progress value={percent} aria-label={t`拼版進度`} />
    </Stack>
  );
}
