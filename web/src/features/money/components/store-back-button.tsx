import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ClientScope } from '../api/money';

/** Pages embedded in the store kiosk carry a return button (doc 2, section 1). */
export function StoreBackButton({ scope }: { scope: ClientScope }) {
  const navigate = useNavigate();
  if (scope !== 'store') return null;
  return (
    <Button variant="default" onClick={() => void navigate(-1)} w="fit-content">
      <Trans>返回</Trans>
    </Button>
  );
}
