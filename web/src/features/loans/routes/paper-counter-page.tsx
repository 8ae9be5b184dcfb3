import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { PageLoader } from '../../../shared/ui/page-loader';
import { PaperBoxList } from '../components/paper-box-list';
import { PaperEdit } from '../components/paper-edit';
import { PaperRows } from '../components/paper-rows';
import { useClientScope } from '../lib/scope';

type View = { page: 'list' } | { page: 'rows'; pk: number } | { page: 'edit'; pk: number };

/**
 * The shared paper at the store kiosk (document 3: AdminSharingPaper, Row and Edit "also run in the
 * embedded store mode with page-push navigation"): the kiosk keeps one address and pushes the box's
 * rows or its weighing onto a stack of its own, with a back button, so a member never leaves the kiosk.
 */
export default function PaperCounterPage() {
  const { t } = useLingui();
  const scope = useClientScope();
  const { user } = useCurrentUser();
  const [stack, setStack] = useState<View[]>([{ page: 'list' }]);
  const view = stack[stack.length - 1] ?? { page: 'list' };
  const push = (next: View) => setStack((previous) => [...previous, next]);
  const back = () => setStack((previous) => (previous.length > 1 ? previous.slice(0, -1) : previous));
  if (!user) return <PageLoader />;
  const staff = isActiveStaff(user);
  if (!staff && scope !== 'store')
    return (
      <Alert color="yellow" title={t`共用相紙`}>
        <Trans>請在社辦櫃台的刷卡機刷社員卡登入後借還共用相紙，或請值班幹部協助。</Trans>
      </Alert>
    );
  return (
    <Stack>
      <Title order={2}>
        {view.page === 'list' ? t`共用相紙` : view.page === 'rows' ? t`共用相紙明細` : t`秤重借還`}
      </Title>
      {view.page !== 'list' && (
        <Button variant="subtle" onClick={back} style={{ alignSelf: 'flex-start' }}>
          <Trans>上一頁</Trans>
        </Button>
      )}
      {view.page === 'list' && (
        <PaperBoxList
          scope={scope}
          open={(pk) => push({ page: 'rows', pk })}
          edit={(pk) => push({ page: 'edit', pk })}
        />
      )}
      {view.page === 'rows' && (
        <PaperRows
          pk={String(view.pk)}
          scope={scope}
          staff={staff}
          edit={(pk) => push({ page: 'edit', pk })}
        />
      )}
      {view.page === 'edit' && (
        <PaperEdit
          pk={String(view.pk)}
          scope={scope}
          staff={staff}
          done={() => setStack([{ page: 'list' }])}
        />
      )}
    </Stack>
  );
}
