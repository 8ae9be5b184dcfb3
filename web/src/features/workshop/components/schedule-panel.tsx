import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type ResultPage, type Timeschedule, useSetSchedule } from '../api/workshop';
import { kindText, saveFailedText, scheduleText, workshopReasonText } from '../lib/messages';

const SCHEDULES: Timeschedule[] = ['notstart', 'open', 'end', 'showresult', 'close'];

/** The current semester's timeschedule and offered workshops (workshopset; docs/workshop.md). */
export function SchedulePanel({ page }: { page: ResultPage }) {
  const { t, i18n } = useLingui();
  const [timeschedule, setTimeschedule] = useState<Timeschedule>(page.timeschedule);
  const [offered, setOffered] = useState<(1 | 3)[]>(page.offered);
  const setSchedule = useSetSchedule();
  const toggle = (kind: 1 | 3, on: boolean) =>
    setOffered((before) => (on ? [...new Set([...before, kind])] : before.filter((k) => k !== kind)));
  const onSave = async () => {
    if (offered.length === 0) return toast.danger(i18n._(workshopReasonText('checkdata')));
    try {
      const reply = await setSchedule.mutateAsync({ timeschedule, offered });
      if (reply.status === 'ok') toast.success(t`已儲存報名時程`);
      else toast.danger(i18n._(workshopReasonText(reply.reason)));
    } catch {
      toast.danger(i18n._(saveFailedText));
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>{page.semester} 學期報名時程</Trans>
        </Title>
        <Group align="end">
          <NativeSelect
            label={t`時程`}
            value={timeschedule}
            onChange={(event) => setTimeschedule(event.currentTarget.value as Timeschedule)}
            data={SCHEDULES.map((value) => ({ value, label: i18n._(scheduleText[value]!) }))}
          />
          {([1, 3] as const).map((kind) => (
            <Checkbox
              key={kind}
              label={i18n._(kindText[String(kind)]!)}
              checked={offered.includes(kind)}
              onChange={(event) => toggle(kind, event.currentTarget.checked)}
            />
          ))}
          <Button loading={setSchedule.isPending} onClick={() => void onSave()}>
            <Trans>儲存時程</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
