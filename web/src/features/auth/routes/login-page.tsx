import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { clubLinks } from '../../../shared/config/links';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { toast } from '../../../shared/ui/toast';
import { useLogin } from '../api/login';
import { loginDestination } from '../lib/login-redirect';

/** Login with a mobile number, student ID or e-mail (spec doc 1, sections 2, 4, 5 and 8). */
export default function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const links = useRouteLinks();
  const [searchParams] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const user = account.trim();
    // Both fields are needed: focus goes to the first one that is empty.
    if (user === '') {
      accountRef.current?.focus();
      return;
    }
    if (password === '') {
      passwordRef.current?.focus();
      return;
    }
    try {
      const response = await loginMutation.mutateAsync({ user, password });
      if (response.status !== 'ok') {
        toast.danger(t`帳號或密碼錯誤`);
        passwordRef.current?.select();
        return;
      }
      const destination = loginDestination(searchParams.get('redirect'), response.user, {
        memberHome: links.pathOf('MemberHome'),
        nasPage: links.pathOf('NAS'),
        networkStorageBase: clubLinks.networkStorageBase,
      });
      if (destination.kind === 'external') window.location.assign(destination.url);
      else navigate(destination.path, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'toomany') {
        toast.danger(t`登入失敗次數太多，請 15 分鐘後再試`);
        return;
      }
      // Unexpected failures are reported; the error reporter is the console until one is configured.
      console.error('login failed', error);
      toast.danger(t`未知錯誤，請連絡粉專`);
    }
  };

  return (
    <Box maw={420}>
      <Stack>
        <Title order={2}>
          <Trans>登入</Trans>
        </Title>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                ref={accountRef}
                label={t`手機、學號或 Email`}
                autoComplete="username"
                autoCapitalize="none"
                autoFocus
                value={account}
                onChange={(event) => setAccount(event.currentTarget.value)}
              />
              <PasswordInput
                ref={passwordRef}
                label={t`密碼`}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" loading={loginMutation.isPending} fullWidth>
                <Trans>登入</Trans>
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/user/password/forgot">
            <Trans>忘記密碼</Trans>
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          <Trans>
            還沒有帳號？
            <Anchor component={Link} to={links.pathOf('UserRegister')}>
              申請入社
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Box>
  );
}
