import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { clubLinks } from '../config/links';

/** The initial loader's failure message (spec doc 1, section 8), with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert color="red" title={<Trans>載入失敗</Trans>}>
      <Stack gap="xs" align="flex-start">
        <Trans>
          載入失敗，如果持續發生請
          <Anchor href={clubLinks.socialPage} target="_blank" rel="noopener noreferrer">
            連絡粉專
          </Anchor>
          。
        </Trans>
        <Button size="xs" variant="light" color="red" onClick={onRetry ?? (() => window.location.reload())}>
          <Trans>重新載入</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
