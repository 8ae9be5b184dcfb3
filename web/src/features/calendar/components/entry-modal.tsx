import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ColorSwatch,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { PUBLIC_COLOURS } from '@club/core/calendar/events';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type CalendarEntry, useDeleteEntry, useSaveEntry } from '../api/calendar';
import { swatchColour } from '../lib/colours';
import { type FormState, isMissingData, setEnd, setStaffOnly, setStart } from '../lib/form';

/**
 * The create and edit form (document 1: Calendar): title (multi-line), start and end, a colour, public
 * or staff-only; save, cancel, delete with the confirmation 'delete?'. Messages: '資料有少', '儲存成功',
 * '刪除成功'.
 */
export function EntryModal(props: { initial: FormState; entry: CalendarEntry | null; onClose: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState(props.initial);
  const [confirming, setConfirming] = useState(false);
  // One request id per opened form: a save retried after a lost answer creates the entry once.
  const [requestId] = useState(() => crypto.randomUUID());
  const save = useSaveEntry();
  const remove = useDeleteEntry();

  const submit = async () => {
    if (isMissingData(form)) {
      toast.danger(t`資料有少`);
      return;
    }
    try {
      const { previousColour: _previous, ...fields } = form;
      const reply = await save.mutateAsync({ form: fields, requestId });
      if (reply.status === 'ok') {
        toast.success(t`儲存成功`);
        props.onClose();
      } else if (reply.reason === 'missing') toast.danger(t`資料有少`);
      else toast.danger(t`儲存失敗，請檢查日期與顏色`);
    } catch (error) {
      console.error('calendar save failed', error);
      toast.danger(t`儲存失敗，請重試`);
    }
  };

  const confirmDelete = async () => {
    if (!props.entry) return;
    try {
      const reply = await remove.mutateAsync(props.entry);
      if (reply.status === 'ok') {
        toast.success(t`刪除成功`);
        props.onClose();
      } else toast.danger(t`刪除失敗，請重試`);
    } catch (error) {
      console.error('calendar delete failed', error);
      toast.danger(t`刪除失敗，請重試`);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={form.pk === 'new' ? t`新增活動` : t`編輯活動`}
      closeButtonProps={{ 'aria-label': t`關閉` }}
      centered
    >
      {confirming ? (
        <Stack>
          <Text>
            <Trans>確定要刪除嗎？</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>取消</Trans>
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              <Trans>確定刪除</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Textarea
            label={t`活動名稱`}
            autosize
            minRows={2}
            maxRows={6}
            value={form.title}
            onChange={(event) => setForm({ ...form, title: event.currentTarget.value })}
            data-autofocus
          />
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label={t`開始日期`}
              value={form.start}
              onChange={(event) => setForm(setStart(form, event.currentTarget.value))}
            />
            <TextInput
              type="date"
              label={t`結束日期`}
              value={form.end}
              onChange={(event) => setForm(setEnd(form, event.currentTarget.value))}
            />
          </SimpleGrid>
          <Radio.Group
            label={t`誰看得到`}
            value={form.staff ? 'staff' : 'public'}
            onChange={(value) => setForm(setStaffOnly(form, value === 'staff'))}
          >
            <Group mt={4}>
              <Radio value="public" label={t`公開`} />
              <Radio value="staff" label={t`僅幹部`} />
            </Group>
          </Radio.Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              <Trans>顏色</Trans>
            </Text>
            <Group gap={8}>
              {Array.from({ length: PUBLIC_COLOURS }, (_, index) => (
                <UnstyledButton
                  // biome-ignore lint/suspicious/noArrayIndexKey: the colour index is the identity
                  key={index}
                  aria-label={t`顏色 ${index + 1}`}
                  aria-pressed={form.colorindex === index}
                  disabled={form.staff}
                  onClick={() => setForm({ ...form, colorindex: index })}
                  style={{ opacity: form.staff ? 0.35 : 1, padding: 4 }}
                >
                  <ColorSwatch color={swatchColour(index)} size={32}>
                    {form.colorindex === index && !form.staff ? '✓' : null}
                  </ColorSwatch>
                </UnstyledButton>
              ))}
            </Group>
            {form.staff && (
              <Text size="xs" c="dimmed" mt={4}>
                <Trans>僅幹部的活動固定用灰色</Trans>
              </Text>
            )}
          </div>
          <Group justify="space-between" mt="sm">
            {props.entry ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                <Trans>刪除</Trans>
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={props.onClose}>
                <Trans>取消</Trans>
              </Button>
              <Button loading={save.isPending} onClick={() => void submit()}>
                <Trans>儲存</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
