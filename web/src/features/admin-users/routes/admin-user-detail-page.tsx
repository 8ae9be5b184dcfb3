import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type UserDetail, type UserProfile, useUserDetail } from '../api/user-detail';
import { ProfileEditForm } from '../components/profile-edit-form';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </div>
  );
}

function Summary({ detail }: { detail: UserDetail }) {
  const { t } = useLingui();
  const { user } = detail;
  const identity =
    user.identity === 1
      ? t`本校學生`
      : user.identity === 3
        ? t`外校學生`
        : user.identity === 5
          ? t`外籍人士`
          : '';
  return (
    <Card withBorder padding="md">
      <Group gap="xs" mb="sm">
        <Title order={3}>
          {user.name}{' '}
          <Text span c="dimmed">
            {user.pkstr}
          </Text>
        </Title>
        {detail.ismember && <Badge color="teal" variant="outline" c="teal.9">{t`社員`}</Badge>}
        {detail.isstaff && <Badge color="grape" variant="outline" c="grape.9">{t`幹部`}</Badge>}
        {!user.valid && <Badge color="orange" variant="outline" c="orange.9">{t`待審核`}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={<Trans>身分</Trans>}>{identity}</Fact>
        <Fact label={<Trans>餘額</Trans>}>{detail.balance}</Fact>
        <Fact label={<Trans>點數</Trans>}>{detail.point.toFixed(1)}</Fact>
        <Fact label={<Trans>登入次數</Trans>}>{user.logincount}</Fact>
        <Fact label={<Trans>註冊時間</Trans>}>{formatTaipeiSeconds(user.registertime)}</Fact>
        <Fact label={<Trans>最近登入</Trans>}>
          {user.lastlogin ? formatTaipeiSeconds(user.lastlogin) : '-'}
        </Fact>
        <Fact label={<Trans>社員學期</Trans>}>{detail.memberships.join('、') || '-'}</Fact>
        <Fact label={<Trans>工作坊</Trans>}>
          {detail.workshops.map((workshop) => `${workshop.semester} ${workshop.kind}`).join('、') || '-'}
        </Fact>
      </SimpleGrid>
      {detail.authlist.length > 0 && (
        <Group gap={4} mt="sm">
          {detail.authlist.map((authority) => (
            <Badge key={authority} variant="outline" c="blue.9">
              {authority}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

/** Loans: the library and equipment domains come in later issues; until then the lists are empty. */
function Loans({ detail }: { detail: UserDetail }) {
  const books = detail.bookborrowlist.length;
  const properties = detail.propertyborrowlist.length;
  return (
    <Card withBorder padding="md">
      <Title order={3} mb="xs">
        <Trans>借用中</Trans>
      </Title>
      <Text>
        <Trans>
          書籍 {books} 本，器材 {properties} 件
        </Trans>
      </Text>
    </Card>
  );
}

/**
 * One user's detail for staff. `cardSection` is the slot for the card register form (issue 12, card login
 * at the counter): the app wires it in with the user's profile; without it the section is left out.
 */
export function UserDetailView({
  pk,
  cardSection,
}: {
  pk: number;
  cardSection?: ((user: UserProfile) => ReactNode) | undefined;
}) {
  const detail = useUserDetail(pk);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError || detail.data === undefined)
    return <LoadFailed onRetry={() => void detail.refetch()} />;
  const data = detail.data;
  return (
    <Stack>
      <Summary detail={data} />
      <Card withBorder padding="md">
        <Title order={3} mb="xs">
          <Trans>修改資料</Trans>
        </Title>
        <ProfileEditForm key={JSON.stringify(data.user)} profile={data.user} />
      </Card>
      {cardSection?.(data.user)}
      <Loans detail={data} />
    </Stack>
  );
}

/**
 * AdminUserDetail (document 3: /admin/user/detail/{pk}, the user authority). The app composes it with the
 * card form of the card feature (web/src/app/pages/admin-user-detail-page.tsx).
 */
export function AdminUserDetailPage({ cardSection }: { cardSection?: (user: UserProfile) => ReactNode }) {
  const pk = Number(useParams().pk);
  return (
    <Stack>
      <Title order={2}>
        <Trans>使用者資料</Trans>
      </Title>
      <UserDetailView key={pk} pk={pk} cardSection={cardSection} />
    </Stack>
  );
}
