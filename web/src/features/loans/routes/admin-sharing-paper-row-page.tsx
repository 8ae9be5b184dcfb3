import { Trans } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { PaperRows } from '../components/paper-rows';

/** AdminSharingPaperRow (/admin/sharingpaper/:pk, document 3): one box's usage history. */
export default function AdminSharingPaperRowPage() {
  const pk = useParams().pk ?? '';
  const navigate = useNavigate();
  return (
    <Stack>
      <Title order={2}>
        <Trans>共用相紙明細</Trans>
      </Title>
      <Anchor component={Link} to="/admin/sharingpaper">
        <Trans>回共用相紙</Trans>
      </Anchor>
      <PaperRows
        pk={pk}
        scope="main"
        staff
        edit={(box) => void navigate(`/admin/sharingpaper/${box}/edit`)}
      />
    </Stack>
  );
}
