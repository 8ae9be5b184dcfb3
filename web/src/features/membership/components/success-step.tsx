import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PostApplicationSteps } from '../../../shared/components/post-application-steps';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { MembersGroup } from '../lib/wizard';

export function SuccessStep({
  membersGroup,
  awaitingReview,
}: {
  membersGroup: MembersGroup | null;
  awaitingReview: boolean;
}) {
  const links = useRouteLinks();
  return (
    <Stack>
      <Alert color="green" title={<Trans>申請成功</Trans>}>
        <Trans>你的帳號已建立，可以用手機、學號或 Email 登入。</Trans>
      </Alert>
      <PostApplicationSteps
        groupLink={membersGroup?.link}
        semester={membersGroup?.semester}
        awaitingReview={awaitingReview}
      />
      <Group>
        <Button component={Link} to={links.pathOf('UserLogin')}>
          <Trans>前往登入</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
