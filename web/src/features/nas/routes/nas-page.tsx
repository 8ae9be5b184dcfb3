import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MarkdownText } from '../../../shared/content/markdown';
import { useContent } from '../../../shared/content/use-content';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority, isActiveStaff } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useNasAccount } from '../api/nas';

function Field({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }} aria-label={label}>
          {value}
        </Text>
      </Stack>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="light" onClick={copy} aria-label={t`複製${label}`}>
            {copied ? <Trans>已複製</Trans> : <Trans>複製</Trans>}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function Account() {
  const { t } = useLingui();
  const account = useNasAccount();
  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadFailed onRetry={() => account.refetch()} />;
  const { nasuser, naspassword } = account.data;
  if (nasuser === null)
    return (
      <Alert color="yellow">
        <Trans>你還沒有網路硬碟帳號，請洽幹部開通。</Trans>
      </Alert>
    );
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Field label={t`帳號`} value={nasuser} />
        {naspassword !== null && <Field label={t`密碼`} value={naspassword} />}
      </Stack>
    </Paper>
  );
}

/**
 * NAS (/nas, document 1): the member's network-storage account name and password, and the storage rules
 * (web/content/nas.*.md). Members or the nas authority see the account; anyone else how to get one.
 */
export default function NasPage() {
  const user = useCurrentUser().data?.user ?? null;
  const rules = useContent('nas');
  const entitled = user !== null && (user.ismember || hasAuthority(user, 'nas'));
  return (
    <Stack>
      <Title order={2}>
        <Trans>網路硬碟</Trans>
      </Title>
      {entitled ? (
        <Account />
      ) : (
        <Alert color="blue">
          <Trans>網路硬碟是社員服務：繳交社費成為社員後，請洽幹部開通帳號。</Trans>
        </Alert>
      )}
      <MarkdownText text={rules} />
      {isActiveStaff(user) && hasAuthority(user, 'system') && (
        // The staff page is an extra route (web/src/app/extra-routes.ts), outside the route links' table.
        <Anchor component={Link} to="/admin/nas">
          <Trans>管理網路硬碟帳號</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
