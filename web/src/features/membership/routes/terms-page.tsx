import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { ClubRules } from '../components/club-rules';

export default function TermsPage() {
  return (
    <Stack>
      <Title order={2}>
        <Trans>社規</Trans>
      </Title>
      <ClubRules />
    </Stack>
  );
}
