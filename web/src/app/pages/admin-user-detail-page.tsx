import { Trans } from '@lingui/react/macro';
import { Card, Title } from '@mantine/core';
import { AdminUserDetailPage } from '../../features/admin-users/routes/admin-user-detail-page';
import { CardForm } from '../../features/card/components/card-form';

/**
 * AdminUserDetail with the club card form: two features meet here, in the app, since a feature never
 * imports another.
 */
export default function AdminUserDetailWithCard() {
  return (
    <AdminUserDetailPage
      cardSection={(user) => (
        <Card withBorder padding="md">
          <Title order={3} mb="xs">
            <Trans>社員卡</Trans>
          </Title>
          <CardForm key={user.pk} pk={user.pk} />
        </Card>
      )}
    />
  );
}
