import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSetOffsets, type Xydir } from '../api/duo-print';
import { duoReasonText } from '../lib/messages';

type Offsets = { left: { x: number; y: number }; right: { x: number; y: number } };

/** Step 28's settings: the offsets typed in (measured with a ruler, or corrected). */
export function SettingsForm({ pk, s3pk, xydir }: { pk: string; s3pk: string; xydir: Xydir }) {
  const { t, i18n } = useLingui();
  const save = useSetOffsets(pk, s3pk);
  const [values, setValues] = useState<Offsets>({
    left: xydir.left ?? { x: 0, y: 0 },
    right: xydir.right ?? { x: 0, y: 0 },
  });
  const [reason, setReason] = useState<string | null>(null);
  const field = (side: 'left' | 'right', axis: 'x' | 'y', label: string) => (
    <NumberInput
      label={label}
      suffix=" mm"
      decimalScale={2}
      step={0.1}
      value={values[side][axis]}
      onChange={(value) =>
        setValues((current) => ({ ...current, [side]: { ...current[side], [axis]: Number(value) || 0 } }))
      }
    />
  );
  return (
    <Stack>
      <Title order={3}>
        <Trans>位移設定</Trans>
      </Title>
      <Group grow>
        {field('left', 'x', t`左 x`)}
        {field('left', 'y', t`左 y`)}
      </Group>
      <Group grow>
        {field('right', 'x', t`右 x`)}
        {field('right', 'y', t`右 y`)}
      </Group>
      {reason && (
        <Alert color="red" role="alert">
          {i18n._(duoReasonText(reason))}
        </Alert>
      )}
      <Button
        loading={save.isPending}
        onClick={() =>
          save.mutate(values, {
            onSuccess: (reply) => setReason(reply.status === 'ok' ? null : reply.reason),
          })
        }
      >
        <Trans>儲存位移</Trans>
      </Button>
    </Stack>
  );
}
