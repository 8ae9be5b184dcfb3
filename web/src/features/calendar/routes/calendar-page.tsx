import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, Group, Stack, Title } from '@mantine/core';
import { shiftMonth } from '@club/core/calendar/dates';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useWideScreen } from '../../../shared/ui/use-wide-screen';
import { type CalendarEntry, useCalendarMonth } from '../api/calendar';
import { AgendaList } from '../components/agenda-list';
import { EntryModal } from '../components/entry-modal';
import { MonthGrid } from '../components/month-grid';
import { SubscribeBox } from '../components/subscribe-box';
import { type FormState, newEntryForm } from '../lib/form';

/** Without parameters the page asks for 'now': not a month, so the API answers the current one. */
const CURRENT = 'now';

type Editing = { form: FormState; entry: CalendarEntry | null } | null;

/**
 * Calendar (/calendar/:year?/:month?, document 1): the month grid (an agenda list on a phone), previous and
 * next month, today marked; invalid parameters reset to the current month. Staff create by clicking a day
 * and edit by clicking an entry. Below, the iCal subscription box (docs/calendar.md).
 */
export default function CalendarPage() {
  const { t } = useLingui();
  const params = useParams();
  const navigate = useNavigate();
  const wide = useWideScreen();
  const hasParams = params.year !== undefined;
  const month = useCalendarMonth(params.year ?? CURRENT, params.month ?? CURRENT);
  const [editing, setEditing] = useState<Editing>(null);

  const reset = hasParams && month.data?.reset === true;
  useEffect(() => {
    if (reset) void navigate('/calendar', { replace: true });
  }, [reset, navigate]);

  if (month.isError) return <LoadFailed onRetry={() => void month.refetch()} />;
  if (!month.data || reset) return <PageLoader />;
  const shown = month.data;
  const go = (delta: number) => {
    const target = shiftMonth(shown.year, shown.month, delta);
    void navigate(`/calendar/${target.year}/${target.month}`);
  };
  const editEntry = (entry: CalendarEntry) =>
    setEditing({ entry, form: { ...entry, previousColour: entry.staff ? null : entry.colorindex } });
  const createOn = (day: string) => setEditing({ entry: null, form: newEntryForm(day) });
  // On a phone there is no day to click: a new entry starts today, or on the 1st of another month.
  const firstDay = shown.today.startsWith(shown.dateSelectedmoment.slice(0, 7))
    ? shown.today
    : shown.dateSelectedmoment;

  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" size="xl" aria-label={t`上個月`} onClick={() => go(-1)}>
          ‹
        </ActionIcon>
        <Title order={2} ta="center">
          <Trans>
            {shown.year} 年 {shown.month} 月
          </Trans>
        </Title>
        <ActionIcon variant="default" size="xl" aria-label={t`下個月`} onClick={() => go(1)}>
          ›
        </ActionIcon>
      </Group>
      {shown.canedit && !wide && (
        <Button onClick={() => createOn(firstDay)}>
          <Trans>新增活動</Trans>
        </Button>
      )}
      <Box>
        {wide ? (
          <MonthGrid
            year={shown.year}
            month={shown.month}
            today={shown.today}
            entries={shown.loglist}
            canEdit={shown.canedit}
            onDay={createOn}
            onEntry={editEntry}
          />
        ) : (
          <AgendaList
            year={shown.year}
            month={shown.month}
            today={shown.today}
            entries={shown.loglist}
            canEdit={shown.canedit}
            onEntry={editEntry}
          />
        )}
      </Box>
      <SubscribeBox isStaff={shown.canedit} />
      {editing && (
        <EntryModal
          key={editing.entry?.pk ?? `new-${editing.form.start}`}
          initial={editing.form}
          entry={editing.entry}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
