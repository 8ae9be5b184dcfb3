import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Side, useSendPhoto, type Xydir } from '../api/duo-print';
import { duoReasonText } from '../lib/messages';
import { OffsetText } from './offset-text';

/** Steps 22 and 23: take or choose a photo of one edge; the server measures it at once. */
export function PhotoStep({ pk, s3pk, side, xydir }: { pk: string; s3pk: string; side: Side; xydir: Xydir }) {
  const { t, i18n } = useLingui();
  const send = useSendPhoto(pk, s3pk);
  const [refusal, setRefusal] = useState<string | null>(null);
  const offset = xydir[side];
  const inputId = `duo-photo-${side}`;
  return (
    <Stack>
      <Text>
        {side === 'left' ? (
          <Trans>拍攝左邊緣：參考條 L 和它下方的圓點。</Trans>
        ) : (
          <Trans>拍攝右邊緣：參考條 R 和它下方的圓點。</Trans>
        )}
      </Text>
      <Group>
        <label htmlFor={inputId}>{side === 'left' ? t`左邊緣照片` : t`右邊緣照片`}</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          disabled={send.isPending}
          onChange={(event) => {
            const photo = event.currentTarget.files?.[0];
            if (!photo) return;
            setRefusal(null);
            send.mutate(
              { side, photo },
              { onSuccess: (reply) => setRefusal(reply.status === 'ok' ? null : reply.reason) },
            );
          }}
        />
      </Group>
      {send.isPending && (
        <Text role="status">
          <Trans>分析中…</Trans>
        </Text>
      )}
      {refusal && (
        <Alert color="red" role="alert">
          {i18n._(duoReasonText(refusal))}
        </Alert>
      )}
      {offset && !refusal && (
        <Text role="status" data-testid={`offset-${side}`}>
          <Trans>分析完成：</Trans> <OffsetText offset={offset} />
        </Text>
      )}
      {send.isError && (
        <Button variant="light" onClick={() => send.reset()}>
          <Trans>重試</Trans>
        </Button>
      )}
    </Stack>
  );
}
