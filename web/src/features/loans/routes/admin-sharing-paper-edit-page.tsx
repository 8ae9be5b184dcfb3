import { Trans } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { PaperEdit } from '../components/paper-edit';

/** AdminSharingPaperEdit (/admin/sharingpaper/:pk/edit, document 3): weigh a box out or in. */
export default function AdminSharingPaperEditPage() {
  const pk = useParams().pk ?? '';
  const navigate = useNavigate();
  return (
    <Stack>
      <Title order={2}>
        <Trans>編輯共用相紙</Trans>
      </Title>
      <Anchor component={Link} to={`/admin/sharingpaper/${pk}`}>
        <Trans>使用紀錄</Trans>
      </Anchor>
      <PaperEdit pk={pk} scope="main" staff done={() => void navigate(`/admin/sharingpaper/${pk}`)} />
    </Stack>
  );
}
