import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session/current-user';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { PageLoader } from '../../../shared/ui/page-loader';

/** PublicWorkshopForm (document 1): log in to register (no fee needed first); logged-in users go on. */
export default function PublicWorkshopFormRoutePage() {
  const { user, isPending } = useCurrentUser();
  const links = useRouteLinks();
  if (isPending) return <PageLoader />;
  if (user) return <Navigate to={links.pathOf('WorkshopForm')} replace />;
  return (
    <Stack>
      <Title order={1}>
        <Trans>工作坊報名說明</Trans>
      </Title>
      <Text>
        <Trans>
          報名工作坊需要先登入，不必先繳社費。還沒有帳號的話，請先申請入社（填寫資料即可），再登入報名。錄取後於第一堂課繳交保證金
          500 元。
        </Trans>
      </Text>
      <Group>
        <Button
          component={Link}
          to={`${links.pathOf('UserLogin')}?redirect=${encodeURIComponent(links.pathOf('WorkshopForm'))}`}
        >
          <Trans>登入後報名</Trans>
        </Button>
        <Button component={Link} to={links.pathOf('UserRegister')} variant="default">
          <Trans>申請入社</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
