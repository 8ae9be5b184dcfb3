import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api/errors';
import { toast } from '../../../shared/ui/toast';
import { type StaffEntry, useRemoveRosterEntry, type WorkshopEntry } from '../api/rosters';

export type RemovableEntry =
  | { kind: 'staff'; entry: StaffEntry }
  | { kind: 'workshop'; entry: WorkshopEntry };

/** The confirmation before taking someone off a staff or workshop roster. */
export function RemoveEntryModal({
  target,
  onClose,
}: {
  target: RemovableEntry | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const remove = useRemoveRosterEntry();
  const name = target?.entry.user.name ?? '';
  const semester = target?.entry.semester ?? '';

  const confirm = async () => {
    if (target === null) return;
    try {
      const response = await remove.mutateAsync(target);
      if (response.status === 'ok') toast.success(t`已移除`);
      else if (response.reason === 'paid') toast.danger(t`保證金已繳，請先退費再移除`);
      else if (response.reason === 'notfound') toast.danger(t`這個人已經不在名單上`);
      else if (response.reason === 'forbidden') toast.danger(t`你沒有權限修改這份名單`);
      else toast.danger(t`失敗`);
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        console.error('roster remove failed', error);
        toast.danger(t`失敗`);
      }
    }
    onClose();
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={t`從名單移除？`} centered>
      <Stack>
        <Text>
          <Trans>
            把 {name} 從 {semester} 的名單移除。
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            <Trans>移除</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
