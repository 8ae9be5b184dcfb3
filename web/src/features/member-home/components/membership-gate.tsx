import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PostApplicationSteps } from '../../../shared/components/post-application-steps';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { membershipStatus, type SessionUser } from '../../../shared/session/user';

/**
 * The membership gate of the home page (spec doc 1, section 4): someone who was never a member sees
 * the post-application steps, a lapsed member a red prompt to pay the member fee, and staff who are
 * not members that staff status needs membership. Current members see nothing here.
 */
export function MembershipGate({ user }: { user: SessionUser }) {
  const links = useRouteLinks();
  const status = membershipStatus(user);
  const fee = user.memberfee;
  const lastSemester = user.lastmember;
  return (
    <Stack gap="sm">
      {status === 'never' && (
        <Alert color="blue" title={<Trans>你還不是社員</Trans>}>
          <Stack gap="xs">
            <PostApplicationSteps memberFeeNtd={fee} awaitingReview={!user.valid} />
          </Stack>
        </Alert>
      )}
      {status === 'lapsed' && (
        <Alert color="red" title={<Trans>社員資格已過期</Trans>}>
          <Text c="red.9" size="sm">
            <Trans>
              你最後一次繳交社費是 {lastSemester} 學期。請
              <Anchor
                component={Link}
                to={links.pathOf('PayMemberFee')}
                c="red.9"
                fw={700}
                underline="always"
              >
                繳交社費 {fee} 元
              </Anchor>
              以恢復社員資格。
            </Trans>
          </Text>
        </Alert>
      )}
      {user.isstaff && !user.ismember && (
        <Alert color="yellow">
          <Trans>幹部身分要在成為社員後才會生效。</Trans>
        </Alert>
      )}
    </Stack>
  );
}
