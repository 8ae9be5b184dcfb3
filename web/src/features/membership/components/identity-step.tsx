import type { Identity } from '@club/core/accounts/registration-rules';
import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';

export function IdentityStep({ onChoose }: { onChoose: (identity: Identity) => void }) {
  return (
    <Stack>
      <Text>
        <Trans>請選擇你的身分：</Trans>
      </Text>
      <Button size="md" onClick={() => onChoose(1)}>
        <Trans>本校學生</Trans>
      </Button>
      <Button size="md" onClick={() => onChoose(3)}>
        <Trans>外校學生</Trans>
      </Button>
      <Button size="md" onClick={() => onChoose(5)}>
        <Trans>外籍生 Foreign student</Trans>
      </Button>
      <Button size="md" variant="default" onClick={() => onChoose(4)}>
        <Trans>畢業校友或其他身分</Trans>
      </Button>
    </Stack>
  );
}
