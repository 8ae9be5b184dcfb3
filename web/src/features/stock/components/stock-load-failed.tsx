import { Trans } from '@lingui/react/macro';
import { Alert, Button } from '@mantine/core';

/** A stock page that could not load: 'failed, please try again' (document 3, section 8). */
export function StockLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" title={<Trans>失敗，請重試</Trans>}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        <Trans>重試</Trans>
      </Button>
    </Alert>
  );
}
