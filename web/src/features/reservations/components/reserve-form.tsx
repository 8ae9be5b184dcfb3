import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Paper,
  RangeSlider,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DAY_END_MINUTE, DAY_START_MINUTE, SLOT_MINUTES } from '@club/core/reservations/rules';
import type { Room } from '../api/reserve';
import { hhmm } from '../lib/grid';

export interface FormState {
  /** null for a new reservation, else the one being changed and the version the page showed. */
  editing: { pk: string; version: number } | null;
  day: string;
  range: [number, number];
  rooms: string[];
  comment: string;
  staff: boolean;
}

interface Props {
  form: FormState;
  roomList: Room[];
  isStaff: boolean;
  busy: boolean;
  onChange: (form: FormState) => void;
  onSubmit: () => void;
  onDelete: () => void;
  onCancel: () => void;
}

/** The form under the grid: rooms (several), the range slider (08:00-22:00, 30 minutes), a comment. */
export function ReserveForm({
  form,
  roomList,
  isStaff,
  busy,
  onChange,
  onSubmit,
  onDelete,
  onCancel,
}: Props) {
  const { t } = useLingui();
  const marks = [8, 12, 16, 20, 22].map((hour) => ({ value: hour * 60, label: `${hour}` }));
  return (
    <Paper withBorder p="md" component="section" aria-label={form.editing ? t`修改預約` : t`新增預約`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {form.editing ? <Trans>修改預約</Trans> : <Trans>新增預約</Trans>} {form.day}
        </Title>
        <Chip.Group multiple value={form.rooms} onChange={(rooms) => onChange({ ...form, rooms })}>
          <Group gap={6} role="group" aria-label={t`空間/器材`}>
            {roomList.map((room) => (
              <Chip key={room.key} value={room.key}>
                {room.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Text size="sm" aria-live="polite">
          <Trans>時間</Trans>{' '}
          <span data-testid="reserve-range">
            {form.range[1] > form.range[0] ? `${hhmm(form.range[0])}–${hhmm(form.range[1])}` : t`未選擇`}
          </span>
        </Text>
        <RangeSlider
          min={DAY_START_MINUTE}
          max={DAY_END_MINUTE}
          step={SLOT_MINUTES}
          minRange={0}
          marks={marks}
          label={hhmm}
          value={form.range}
          onChange={(range) => onChange({ ...form, range })}
          thumbFromLabel={t`開始時間`}
          thumbToLabel={t`結束時間`}
          mb="lg"
        />
        <TextInput
          label={t`備註`}
          value={form.comment}
          maxLength={200}
          onChange={(event) => onChange({ ...form, comment: event.currentTarget.value })}
        />
        {isStaff && (
          <Checkbox
            label={t`幹部保留（灰色，顯示備註）`}
            checked={form.staff}
            disabled={form.editing !== null}
            onChange={(event) => onChange({ ...form, staff: event.currentTarget.checked })}
          />
        )}
        <Group grow>
          <Button onClick={onSubmit} loading={busy}>
            {form.editing ? <Trans>儲存修改</Trans> : <Trans>預約</Trans>}
          </Button>
          {form.editing && (
            <Button color="red" variant="light" onClick={onDelete} disabled={busy}>
              <Trans>刪除</Trans>
            </Button>
          )}
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans>取消</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
