import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../shared/ui/use-page-title';

const notFoundTitle = msg`找不到頁面`;

/** Shown for pages the person may not open (a 403) and for bad links. */
export function NotFoundPage() {
  usePageTitle(notFoundTitle);
  // The address stays as it was typed or followed, and is shown, so a mistyped link is easy to spot.
  const { pathname } = useLocation();
  return (
    <Center mih={300}>
      <Stack align="center" gap="sm">
        <Title order={2}>
          <Trans>找不到頁面</Trans>
        </Title>
        <Code>{pathname}</Code>
        <Text c="dimmed" ta="center">
          <Trans>這個頁面不存在，或是你沒有權限開啟。</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>回到首頁</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
