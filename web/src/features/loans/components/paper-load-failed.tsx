import { Trans } from '@lingui/react/macro';
import { Alert, Button } from '@mantine/core';

/** Sharing paper loading failure (document 3, section 8): 'failed, please try again'. */
export function PaperLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={<Trans>失敗，請再試一次</Trans>}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        <Trans>重新載入</Trans>
      </Button>
    </Alert>
  );
}
