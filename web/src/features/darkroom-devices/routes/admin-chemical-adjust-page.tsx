import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Radio, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useAdjustChemical, useChemical } from '../api/darkroom-devices';

/** The shared "float with optional sign" pattern (document 3, section 5). */
const SIGNED_FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** AdminChemical2Adjust (document 3): replenish (add bottles) or adjust (set the bottle count). */
export default function AdminChemicalAdjustPage() {
  const { t } = useLingui();
  const pk = useParams().pk ?? '';
  const chemical = useChemical(pk);
  const adjust = useAdjustChemical(pk);
  const [operation, setOperation] = useState<'2' | '3'>('3');
  const [quantity, setQuantity] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (chemical.isPending) return <PageLoader />;
  if (chemical.isError) return <LoadFailed onRetry={() => void chemical.refetch()} />;
  const obj = chemical.data.obj;
  const submit = async () => {
    if (!SIGNED_FLOAT.test(quantity.trim())) {
      setError(t`請填寫新的瓶數`);
      return;
    }
    setError(null);
    try {
      const answer = await adjust.mutateAsync({
        operation: operation === '2' ? 2 : 3,
        quantity: quantity.trim(),
        comment,
        requestId: crypto.randomUUID(),
      });
      if (answer.status === 'ok') {
        toast.success(t`已更新`);
        setQuantity('');
        setComment('');
      } else if (answer.reason === 'format') setError(t`請填寫新的瓶數`);
      else toast.danger(t`未知錯誤`);
    } catch {
      toast.danger(t`未知錯誤`);
    }
  };
  return (
    <Stack>
      <Title order={2}>
        <Trans>藥水庫存調整</Trans>
      </Title>
      <Card withBorder>
        <Stack>
          <Text fw={700}>{obj.name}</Text>
          <Text>
            <Trans>
              目前 {obj.bottle.toFixed(2)} 瓶（{obj.volume} ml，每瓶 {obj.bottle2ml} ml）
            </Trans>
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <Radio.Group
                label={t`動作`}
                value={operation}
                onChange={(value) => setOperation(value as '2' | '3')}
              >
                <Group mt="xs">
                  <Radio value="3" label={t`調整（設定新的瓶數）`} />
                  <Radio value="2" label={t`補充（加上瓶數）`} />
                </Group>
              </Radio.Group>
              <TextInput
                label={operation === '3' ? t`新的瓶數` : t`補充瓶數`}
                value={quantity}
                onChange={(event) => setQuantity(event.currentTarget.value)}
                inputMode="decimal"
                error={error}
              />
              <TextInput
                label={t`備註`}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
              <Button type="submit" loading={adjust.isPending}>
                <Trans>送出</Trans>
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Stack>
  );
}
