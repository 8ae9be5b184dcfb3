import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { cartQueryOptions, sendCartCommand, useCart } from '../api/shop';

/** The member's cart: estimates waiting for the counter, each removable, with the total at their price. */
export function CartPanel() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const cart = useCart();
  if (!cart.data) return null;
  const remove = async (id: string) => {
    const answer = await sendCartCommand({ cmd: 'remove', id, requestId: crypto.randomUUID() });
    if (answer.status === 'ok') queryClient.setQueryData(cartQueryOptions().queryKey, answer.cart);
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={t`購物車`}>
      <Stack gap="xs">
        <Title order={4}>
          <Trans>購物車</Trans>
        </Title>
        {cart.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>購物車是空的</Trans>
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {cart.data.items.map((item) => (
              <Group key={item.id} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {item.label}{' '}
                  <Text span size="xs" c="dimmed">
                    {item.stock.name} × {item.quantity} {item.stock.unit}
                  </Text>
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{item.amount ?? '—'}</Text>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(item.id)}>
                    <Trans>移除</Trans>
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="space-between">
          <Text fw={600}>
            <Trans>合計 {cart.data.total} 元</Trans>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>購物車的項目在社辦櫃台以儲值金結帳。</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
