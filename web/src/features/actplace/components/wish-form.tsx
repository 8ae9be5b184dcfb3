import { Trans, useLingui } from '@lingui/react/macro';
import { Button, MultiSelect, NumberInput, Paper, Select, Stack, TextInput } from '@mantine/core';
import { MAX_CHOICES } from '@club/core/actplace/rules';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type ActPlacePage, type Timeslot, useActPlaceClick } from '../api/actplace';
import { useReasonText, useTimeslotText } from '../lib/texts';

const newWishId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A wish: date, time slot, the activity, how many people, and up to 6 rooms in order of preference. */
export function WishForm({ page, english }: { page: ActPlacePage; english: boolean }) {
  const { t } = useLingui();
  const click = useActPlaceClick();
  const slotText = useTimeslotText();
  const reasonText = useReasonText();
  const [date, setDate] = useState('');
  const [timeslot, setTimeslot] = useState<Timeslot | null>(null);
  const [name, setName] = useState('');
  const [ntup, setNtup] = useState<number | string>(20);
  const [choices, setChoices] = useState<string[]>([]);
  // One id per wish being written, so a retried click does not add it twice.
  const [wishId, setWishId] = useState(newWishId);

  const roomOptions = Object.entries(page.buildingMap)
    .filter(([key]) => timeslot !== null && (page.buildingTimeMap[key] ?? []).includes(timeslot))
    .map(([, building]) => ({
      group: english ? building.nameEn : building.name,
      items: building.rooms.map((room) => ({ value: room.key, label: english ? room.nameEn : room.name })),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (date === '' || timeslot === null || name.trim() === '' || choices.length === 0) {
      toast.danger(t`資料有少`);
      return;
    }
    const reply = await click.mutateAsync({
      cmd: 'add',
      wishId,
      date,
      timeslot,
      name: name.trim(),
      ntup: Number(ntup) || 1,
      choicelist: choices,
    });
    if (reply.status === 'ok') {
      toast.success(t`儲存成功`);
      setChoices([]);
      setName('');
      setWishId(newWishId());
    } else toast.danger(reasonText(reply.reason));
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t`新增志願`}>
      <Stack gap="sm">
        <TextInput
          type="date"
          label={t`日期`}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          required
        />
        <Select
          label={t`時段`}
          value={timeslot}
          onChange={(value) => {
            setTimeslot(value as Timeslot | null);
            setChoices([]);
          }}
          data={(['morning', 'afternoon', 'evening'] as const).map((slot) => ({
            value: slot,
            label: slotText(slot),
          }))}
          required
        />
        <TextInput
          label={t`活動名稱`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <NumberInput label={t`人數`} value={ntup} onChange={setNtup} min={1} max={1000} />
        <MultiSelect
          label={t`場地志願（依序，最多 ${MAX_CHOICES} 個）`}
          description={timeslot === null ? t`先選時段` : undefined}
          data={roomOptions}
          value={choices}
          onChange={setChoices}
          maxValues={MAX_CHOICES}
          disabled={timeslot === null}
          searchable
          required
        />
        <Button type="submit" loading={click.isPending}>
          <Trans>新增志願</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
