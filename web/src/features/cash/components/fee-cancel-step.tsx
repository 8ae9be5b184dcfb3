import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';

/** Step 4: confirm the cancel; back returns to step 3, confirm to the lookup. */
export function FeeCancelStep({ onBack, onConfirm }: { onBack: () => void; onConfirm: () => void }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={700}>
          <Trans>確定要取消這次收費嗎？</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>取消後不會收取任何費用。</Trans>
        </Text>
        <Group>
          <Button variant="default" onClick={onBack}>
            <Trans>返回</Trans>
          </Button>
          <Button color="red" onClick={onConfirm}>
            <Trans>確定取消</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
