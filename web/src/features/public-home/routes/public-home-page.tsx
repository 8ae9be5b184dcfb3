import { Trans } from '@lingui/react/macro';
import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { clubLinks } from '../../../shared/config/links';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';

/** The landing page: the club's social and photo-sharing pages, apply and log in (spec doc 1, section 1). */
export default function PublicHomePage() {
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  if (user !== null) return <Navigate to={links.pathOf('MemberHome')} replace />;

  return (
    <Stack gap="md" maw={480}>
      <Title order={2}>
        <Trans>歡迎來到攝影社</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>社員入口：暗房、數位暗房、器材與圖書借用、點數與儲值。</Trans>
      </Text>
      <Button component="a" href={clubLinks.socialPage} target="_blank" rel="noopener noreferrer" size="lg">
        <Trans>社團粉絲專頁</Trans>
      </Button>
      <Button
        component="a"
        href={clubLinks.photoSharingPage}
        target="_blank"
        rel="noopener noreferrer"
        size="lg"
        variant="light"
      >
        <Trans>社員作品分享</Trans>
      </Button>
      <Divider />
      <Button component={Link} to={links.pathOf('UserRegister')} variant="outline">
        <Trans>申請入社</Trans>
      </Button>
      <Button component={Link} to={links.pathOf('UserLogin')} variant="default">
        <Trans>登入</Trans>
      </Button>
    </Stack>
  );
}
