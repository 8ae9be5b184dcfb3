import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Box, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { toast } from '../../../shared/ui/toast';
import { useResetPassword } from '../api/mail';

/** The page of a reset mail's link: sets a new password (at least 6 characters) once. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const reset = useResetPassword();

  const messages: Record<string, string> = {
    blank: t`請輸入新密碼`,
    password_format: t`密碼至少 6 個字元`,
    password_mismatch: t`兩次輸入的密碼不一樣`,
    token_invalid: t`這個重設連結無效，請重新申請`,
    token_expired: t`這個重設連結已超過 30 分鐘，請重新申請`,
    token_used: t`這個重設連結已經用過了，請重新申請`,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await reset.mutateAsync({ token, password, password2 });
      if (answer.status === 'ok') {
        setDone(true);
        return;
      }
      const message = messages[answer.reason] ?? t`未知錯誤，請連絡粉專`;
      if (answer.reason.startsWith('token_')) setRefused(message);
      else toast.danger(message);
    } catch (error) {
      console.error('password reset failed', error);
      toast.danger(t`未知錯誤，請連絡粉專`);
    }
  };

  return (
    <Box maw={420}>
      <Stack>
        <Title order={2}>
          <Trans>重設密碼</Trans>
        </Title>
        {done ? (
          <Alert color="green" role="status">
            <Trans>
              密碼已更新，請
              <Anchor component={Link} to={links.pathOf('UserLogin')}>
                登入
              </Anchor>
              。
            </Trans>
          </Alert>
        ) : refused ? (
          <Alert color="red" role="alert">
            {refused}{' '}
            <Anchor component={Link} to="/user/password/forgot">
              <Trans>重新申請</Trans>
            </Anchor>
          </Alert>
        ) : (
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack>
                <PasswordInput
                  label={t`新密碼`}
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                <PasswordInput
                  label={t`再輸入一次新密碼`}
                  autoComplete="new-password"
                  value={password2}
                  onChange={(event) => setPassword2(event.currentTarget.value)}
                />
                <Button type="submit" loading={reset.isPending} fullWidth>
                  <Trans>設定新密碼</Trans>
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
