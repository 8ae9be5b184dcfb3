import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Room, useRoomAdmin } from '../api/reserve';

const KEY_PATTERN = /^[a-z0-9][a-z0-9_]{0,31}$/;

/**
 * Staff manage the rooms and equipment one can reserve (not in the spec's pages: docs/reservations.md):
 * add one (key, space, name), rename one by saving its key again, or remove one from booking.
 */
export function RoomAdmin({ rooms }: { rooms: Room[] }) {
  const { t } = useLingui();
  const { save, remove } = useRoomAdmin();
  const [draft, setDraft] = useState({ key: '', space: '', name: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const valid = KEY_PATTERN.test(draft.key) && draft.space.trim() !== '' && draft.name.trim() !== '';

  const submit = async () => {
    if (!valid) {
      setProblem(t`資料有少：代號限小寫英文、數字與底線，類別與名稱必填`);
      return;
    }
    setProblem(null);
    const reply = await save.mutateAsync(draft).catch(() => null);
    if (reply?.status === 'ok') setDraft({ key: '', space: '', name: '' });
    else setProblem(t`失敗`);
  };

  return (
    <details>
      <summary>
        <Text span fw={600}>
          <Trans>管理空間/器材（幹部）</Trans>
        </Text>
      </summary>
      <Stack gap="xs" mt="xs">
        {rooms.map((room) => (
          <Group key={room.key} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {room.space} · {room.name}{' '}
              <Text span c="dimmed" size="xs">
                ({room.key})
              </Text>
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => setDraft({ ...room })}>
                <Trans>編輯</Trans>
              </Button>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                aria-label={t`移除 ${room.name}`}
                onClick={() => void remove.mutateAsync(room.key).catch(() => setProblem(t`失敗`))}
              >
                <Trans>移除</Trans>
              </Button>
            </Group>
          </Group>
        ))}
        <Group grow align="flex-end">
          <TextInput
            label={t`代號`}
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.currentTarget.value.trim() })}
          />
          <TextInput
            label={t`類別`}
            value={draft.space}
            onChange={(e) => setDraft({ ...draft, space: e.currentTarget.value })}
          />
          <TextInput
            label={t`名稱`}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
        </Group>
        {problem && (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Button variant="light" onClick={() => void submit()} loading={save.isPending}>
          <Trans>儲存空間/器材</Trans>
        </Button>
      </Stack>
    </details>
  );
}
