import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';

/** The label page embedded in the store kiosk carries a return button (document 2, section 1). */
export function StoreBackButton({ scope }: { scope: 'main' | 'store' }) {
  const navigate = useNavigate();
  if (scope !== 'store') return null;
  return (
    <Button variant="default" onClick={() => void navigate(-1)} w="fit-content">
      <Trans>返回</Trans>
    </Button>
  );
}
