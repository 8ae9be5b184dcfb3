import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PostApplicationSteps } from '../../../shared/components/post-application-steps';
import { DOOR_PERMISSION_DELAY_WEEKS } from '../../../shared/config/club';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { canSpend, hasAuthority, membershipStatus, type SessionUser } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type ClientScope, usePayMemberFee, useSemesterInfo } from '../api/money';
import { newRequestId, useFeedback } from '../components/feedback';
import { feeMessage, feeMessages } from '../components/money-messages';
import { StoreBackButton } from '../components/store-back-button';
import { useClientScope } from '../components/use-client-scope';
import { semesterToPay } from '../lib/transfer-rules';

/** The fee rules shown before paying (doc 1, section 9; doc 2, sections 2 and 9). */
function FeeRules({ fee }: { fee: number }) {
  const weeks = DOOR_PERMISSION_DELAY_WEEKS;
  return (
    <List spacing="xs" size="sm">
      <List.Item>
        <Trans>社費每學期 {fee} 元，從你的儲值餘額扣款。</Trans>
      </List.Item>
      <List.Item>
        <Trans>第一學期為 8/1 至隔年 1/31，第二學期為 2/1 至 7/31。</Trans>
      </List.Item>
      <List.Item>
        <Trans>社費繳交後不退費，也不能延到其他學期。</Trans>
      </List.Item>
      <List.Item>
        <Trans>門禁權限約在繳費後 {weeks} 週開通。</Trans>
      </List.Item>
    </List>
  );
}

function PayStep({
  user,
  semester,
  scope,
  onPaid,
}: {
  user: SessionUser;
  semester: string;
  scope: ClientScope;
  onPaid: () => void;
}) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const feedback = useFeedback(scope);
  const payMutation = usePayMemberFee();
  const [requestId, setRequestId] = useState(newRequestId);
  const fee = user.memberfee;
  const balance = user.balance;
  const lowBalance = !canSpend(user, fee);

  const pay = async () => {
    feedback.clear();
    if (lowBalance) {
      feedback.danger(feeMessages.lowBalance);
      return;
    }
    try {
      const response = await payMutation.mutateAsync({ paymemberfee: semester, requestId, scope });
      if (response.status === 'ok') onPaid();
      else {
        feedback.danger(feeMessage(response.reason));
        // A refusal is final for that key; another try is a new request.
        setRequestId(newRequestId());
      }
    } catch (error) {
      // The same key is kept, so trying again after a lost answer cannot pay twice.
      console.error('member fee payment failed', error);
      feedback.danger(feeMessages.failed);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <FeeRules fee={fee} />
        <Text>
          <Trans>目前餘額：{balance} 元</Trans>
        </Text>
        {feedback.inlineError}
        {lowBalance && links.isAvailable('UserPouchTopUp') && (
          <Anchor component={Link} to={links.pathOf('UserPouchTopUp')}>
            {t`餘額不足，先去儲值`}
          </Anchor>
        )}
        <Button onClick={() => void pay()} loading={payMutation.isPending}>
          <Trans>
            確認繳交 {semester} 學期社費 {fee} 元
          </Trans>
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * PayMemberFee (/user/member/payfee, doc 2): step 1 the rules and a confirm button, step 2 success. Open
 * to members and lapsed members; someone who was never a member sees the joining procedure, and
 * errormember or an account awaiting review is told they cannot pay now.
 */
export default function PayMemberFeePage() {
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const scope = useClientScope();
  const semesterInfo = useSemesterInfo();
  const [paidSemester, setPaidSemester] = useState<string | null>(null);
  if (user === null) return null;

  let body: ReactNode;
  if (paidSemester !== null) {
    const weeks = DOOR_PERMISSION_DELAY_WEEKS;
    body = (
      <Alert color="green" title={<Trans>繳費成功</Trans>}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            <Trans>
              你已是 {paidSemester} 學期的社員，門禁權限約在 {weeks} 週內開通。
            </Trans>
          </Text>
          <Button component={Link} to={links.pathOf('MemberHome')}>
            <Trans>回社員首頁</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  } else if (membershipStatus(user) === 'never') {
    body = (
      <Alert color="blue" title={<Trans>你還不是社員</Trans>}>
        <Stack gap="xs">
          <Text size="sm">
            <Trans>第一次入社請依下列步驟辦理，由幹部收取社費；之後的學期就能在這裡用儲值餘額繳費。</Trans>
          </Text>
          <PostApplicationSteps memberFeeNtd={user.memberfee} awaitingReview={!user.valid} />
        </Stack>
      </Alert>
    );
  } else if (hasAuthority(user, 'errormember') || !user.valid) {
    body = (
      <Alert color="red">
        <Trans>你目前無法繳交社費，請連絡粉專</Trans>
      </Alert>
    );
  } else if (semesterInfo.isPending) {
    body = <PageLoader />;
  } else if (semesterInfo.isError || semesterInfo.data === undefined) {
    body = <LoadFailed onRetry={() => void semesterInfo.refetch()} />;
  } else {
    const { semester, nextsemester } = semesterInfo.data.semesterinfo;
    const toPay = semesterToPay(user, semesterInfo.data.semesterinfo);
    body =
      toPay === null ? (
        <Alert color="green">
          <Trans>
            你已繳交 {semester} 與 {nextsemester} 學期的社費。
          </Trans>
        </Alert>
      ) : (
        <PayStep user={user} semester={toPay} scope={scope} onPaid={() => setPaidSemester(toPay)} />
      );
  }

  return (
    <Stack>
      <StoreBackButton scope={scope} />
      <Title order={2}>
        <Trans>繳交社費</Trans>
      </Title>
      {body}
    </Stack>
  );
}
