import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../../shared/session/current-user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useUserSearchList } from '../api/money';
import { StoreBackButton } from '../components/store-back-button';
import { TransferWizard } from '../components/transfer-wizard';
import { useClientScope } from '../components/use-client-scope';

/**
 * UserTransfer (/user/transfer/:defaulttouserpk?): the three-step transfer wizard; the optional
 * parameter chooses the recipient in advance. The store kiosk opens it with ?scope=store.
 */
export default function UserTransferPage() {
  const { user } = useCurrentUser();
  const scope = useClientScope();
  const searchList = useUserSearchList();
  const defaultPk = useParams().defaulttouserpk;
  if (user === null) return null;
  const entries = searchList.data?.searchlist ?? [];
  const initialRecipient =
    defaultPk === undefined ? null : (entries.find((entry) => String(entry.pk) === defaultPk) ?? null);
  return (
    <Stack>
      <StoreBackButton scope={scope} />
      <Title order={2}>
        <Trans>轉帳</Trans>
      </Title>
      {searchList.isPending ? (
        <PageLoader />
      ) : searchList.isError ? (
        <LoadFailed onRetry={() => void searchList.refetch()} />
      ) : (
        <TransferWizard
          key={initialRecipient?.pk ?? 'none'}
          user={user}
          entries={entries}
          initialRecipient={initialRecipient}
          scope={scope}
        />
      )}
    </Stack>
  );
}
