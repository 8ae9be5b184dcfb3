import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { newRequestId } from '../lib/correction-form';
import { useSubmitCorrection } from './use-submit-correction';

/** Delete: a reversal of what is left of the transaction, after a confirmation. */
export function DeleteButton({ pk, refundable }: { pk: string; refundable: number }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const { submit, isPending } = useSubmitCorrection(pk);
  const [requestId, setRequestId] = useState(newRequestId);

  const confirm = async () => {
    const ok = await submit({ cmd: 'delete' }, requestId);
    if (ok) setRequestId(newRequestId());
    close();
  };

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        <Trans>刪除交易</Trans>
      </Button>
      <Modal opened={opened} onClose={close} title={t`確定刪除這筆交易？`} centered>
        <Stack>
          <Text>
            <Trans>會用一筆反向交易沖銷尚未退還的 {refundable} 元；原本的紀錄會保留。</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>取消</Trans>
            </Button>
            <Button color="red" loading={isPending} onClick={() => void confirm()}>
              <Trans>確定刪除</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
