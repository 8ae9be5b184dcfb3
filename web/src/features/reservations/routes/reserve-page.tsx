import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  type MakeReply,
  type ReservationRow,
  type ReserveData,
  useDeleteReservation,
  useMakeReservation,
  useReserveData,
} from '../api/reserve';
import { type FormState, ReserveForm } from '../components/reserve-form';
import { DayPicker } from '../components/day-picker';
import { ReserveGrid } from '../components/reserve-grid';
import { RoomAdmin } from '../components/room-admin';
import { hasAgreed } from '../lib/agreement';
import { bookedRooms, daysFrom, defaultRange, formProblem, rangeOf } from '../lib/grid';
import {
  AUTO_EXCLUDED,
  CHANGED_RECONFIRM,
  DONE,
  FAILED,
  PLEASE_CHOOSE_ROOM,
  PLEASE_CHOOSE_TIME,
  refusalMessage,
} from '../lib/messages';

type Notice = { tone: 'ok' | 'warn' | 'fail'; text: MessageDescriptor };

/**
 * DarkroomReserve (/reserve, document 2): the 15 days, one day's grid of rooms against half-hour slots,
 * and the form to make, change or delete one's own reservation. Data refreshes every 3 minutes and after
 * every answer (which carries it).
 */
export default function ReservePage() {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const query = useReserveData();
  const make = useMakeReservation();
  const remove = useDeleteReservation();
  const [day, setDay] = useState<string | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const data = query.data;
  const days = useMemo(() => (data ? daysFrom(data.startDateMoment) : []), [data]);
  const shownDay = day && days.includes(day) ? day : (days[0] ?? '');

  // The form's reservation went or changed in a refresh: keep the form on the fresh version.
  useEffect(() => {
    if (!data || !form?.editing) return;
    const fresh = data.reserveList.find((row) => row.pk === form.editing?.pk);
    if (!fresh) {
      setForm(null);
      setNotice({ tone: 'warn', text: CHANGED_RECONFIRM });
    }
  }, [data, form]);

  if (!hasAgreed()) return <Navigate to="/reserve/rule" replace />;
  if (query.isPending) return <PageLoader />;
  if (query.isError || !data) return <LoadFailed onRetry={() => void query.refetch()} />;

  const now = new Date(data.nowMoment);
  const isStaff = isActiveStaff(user);
  const busy = make.isPending || remove.isPending;

  const startNew = (room?: string, minute?: number) => {
    setNotice(null);
    setForm({
      editing: null,
      day: shownDay,
      range: defaultRange(minute),
      rooms: room ? [room] : [],
      comment: '',
      staff: false,
    });
  };
  const startChange = (row: ReservationRow) => {
    setNotice(null);
    const { day: rowDay, range } = rangeOf(row);
    setForm({
      editing: { pk: row.pk, version: row.version },
      day: rowDay,
      range,
      rooms: [...row.room],
      comment: row.comment,
      staff: row.staff,
    });
  };

  /** Drops the rooms others hold in the range from the form; true when some were dropped. */
  const excludeBooked = (current: FormState, list: ReserveData['reserveList']): boolean => {
    const booked = bookedRooms(list, current.rooms, current.day, current.range, current.editing?.pk ?? null);
    if (booked.length === 0) return false;
    setForm({ ...current, rooms: current.rooms.filter((room) => !booked.includes(room)) });
    setNotice({ tone: 'warn', text: AUTO_EXCLUDED });
    return true;
  };

  const submit = async () => {
    if (!form) return;
    const problem = formProblem(form.range, form.rooms);
    if (problem) {
      setNotice({ tone: 'fail', text: problem === 'notime' ? PLEASE_CHOOSE_TIME : PLEASE_CHOOSE_ROOM });
      return;
    }
    if (excludeBooked(form, data.reserveList)) return;
    setNotice(null);
    let reply: MakeReply;
    try {
      reply = await make.mutateAsync({
        pk: form.editing?.pk ?? 'new',
        ...(form.editing ? { version: form.editing.version } : {}),
        date: form.day,
        hourRange: form.range,
        roomList: form.rooms,
        comment: form.comment,
        ...(isStaff && form.staff ? { staff: true } : {}),
        requestId: crypto.randomUUID(),
      });
    } catch (error) {
      console.error('reservation failed', error);
      setNotice({ tone: 'fail', text: FAILED });
      return;
    }
    if (reply.status === 'ok') {
      setForm(null);
      setDay(form.day);
      setNotice({ tone: 'ok', text: DONE });
      return;
    }
    if (reply.msg === 'conflict') {
      // The rooms the server found taken; the winner of a race may not be in the answer's list yet (its
      // reservation was still being written), so the page asks again a moment later.
      const takenRooms = new Set((reply.taken ?? []).map((key) => key.split('|')[0]!));
      const listed = reply.reserveList
        ? bookedRooms(reply.reserveList, form.rooms, form.day, form.range, form.editing?.pk ?? null)
        : [];
      for (const room of listed) takenRooms.add(room);
      setForm({ ...form, rooms: form.rooms.filter((room) => !takenRooms.has(room)) });
      setNotice({ tone: 'warn', text: AUTO_EXCLUDED });
      setTimeout(() => void query.refetch(), 1000);
      return;
    }
    if (reply.msg === 'get-old-error' && reply.reserveList) {
      const fresh = reply.reserveList.find((row) => row.pk === form.editing?.pk);
      if (fresh) startChange(fresh);
      else setForm(null);
      setNotice({ tone: 'warn', text: CHANGED_RECONFIRM });
      return;
    }
    setNotice({ tone: 'fail', text: refusalMessage(reply.reason) });
  };

  const deleteOwn = async () => {
    if (!form?.editing) return;
    try {
      const reply = await remove.mutateAsync({ ...form.editing, requestId: crypto.randomUUID() });
      if (reply.status === 'ok') {
        setForm(null);
        setNotice({ tone: 'ok', text: DONE });
      } else setNotice({ tone: 'warn', text: refusalMessage(reply.reason) });
    } catch (error) {
      console.error('reservation delete failed', error);
      setNotice({ tone: 'fail', text: FAILED });
    }
  };

  return (
    <Box maw={960} mx="auto">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2}>
            <Trans>暗房預約</Trans>
          </Title>
          <Anchor component={Link} to="/reserve/rule" size="sm">
            <Trans>預約規則</Trans>
          </Anchor>
        </Group>
        {isStaff && <RoomAdmin rooms={data.roomList} />}
        {data.roomList.length === 0 ? (
          <Alert color="gray">
            <Trans>目前沒有可預約的空間或器材。</Trans>
          </Alert>
        ) : (
          <>
            <DayPicker days={days} day={shownDay} onChange={setDay} />
            <div role="status" aria-live="polite">
              {notice && (
                <Alert
                  color={notice.tone === 'ok' ? 'teal' : notice.tone === 'warn' ? 'yellow' : 'red'}
                  py="xs"
                >
                  {i18n._(notice.text)}
                </Alert>
              )}
            </div>
            {form ? (
              <ReserveForm
                form={form}
                roomList={data.roomList}
                isStaff={isStaff}
                busy={busy}
                onChange={setForm}
                onSubmit={() => void submit()}
                onDelete={() => void deleteOwn()}
                onCancel={() => setForm(null)}
              />
            ) : (
              <Group>
                <Button onClick={() => startNew()}>
                  <Trans>新增預約</Trans>
                </Button>
                <Text size="sm" c="dimmed">
                  <Trans>或點選表格中的空格</Trans>
                </Text>
              </Group>
            )}
            <ReserveGrid
              day={form?.day ?? shownDay}
              rooms={data.roomList}
              reservations={data.reserveList}
              now={now}
              selectedPk={form?.editing?.pk ?? null}
              onFreeSlot={(room, minute) => {
                setDay(form?.day ?? shownDay);
                startNew(room, minute);
              }}
              onReservation={startChange}
            />
          </>
        )}
      </Stack>
    </Box>
  );
}
