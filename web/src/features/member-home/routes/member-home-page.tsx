import { Trans } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority, isActiveStaff } from '../../../shared/session/user';
import { useMemberHome } from '../api/member-home';
import { useSystemProblemCount } from '../api/system-problems';
import { BorrowingNotices } from '../components/borrowing-notices';
import { HomeButtonList } from '../components/home-button-list';
import { MembershipGate } from '../components/membership-gate';
import { StaffWarnings } from '../components/staff-warnings';
import { homeButtons } from '../lib/home-buttons';

/** The member home dashboard (spec doc 1, section 2). The route guard guarantees a signed-in person. */
export default function MemberHomePage() {
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const memberHome = useMemberHome();
  const systemProblems = useSystemProblemCount(
    user !== null && isActiveStaff(user) && hasAuthority(user, 'system'),
  );
  if (user === null) return null;
  const name = user.name;
  const buttons = homeButtons({
    user,
    showWorkshopForm: memberHome.data?.showworkshopform ?? false,
    isAvailable: links.isAvailable,
  });
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>
          <Trans>社員首頁</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>{name}，你好！</Trans>
        </Text>
      </div>
      <MembershipGate user={user} />
      <BorrowingNotices user={user} />
      <StaffWarnings enabled={isActiveStaff(user)} />
      <HomeButtonList buttons={buttons} user={user} systemProblems={systemProblems} />
    </Stack>
  );
}
