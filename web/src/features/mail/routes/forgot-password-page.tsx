import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useForgotPassword } from '../api/mail';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 忘記密碼: asks for the account's e-mail; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const forgot = useForgotPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      toast.danger(t`請輸入正確的 Email`);
      return;
    }
    try {
      await forgot.mutateAsync({ email: email.trim() });
      setSent(true);
    } catch (error) {
      console.error('password reset request failed', error);
      toast.danger(t`未知錯誤，請連絡粉專`);
    }
  };

  return (
    <Box maw={420}>
      <Stack>
        <Title order={2}>
          <Trans>忘記密碼</Trans>
        </Title>
        {sent ? (
          <Alert color="green" role="status">
            <Trans>如果這個 Email 有註冊帳號，重設密碼的連結已寄出，30 分鐘內有效。</Trans>
          </Alert>
        ) : (
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm">
                  <Trans>輸入註冊時的 Email，我們會寄出重設密碼的連結。</Trans>
                </Text>
                <TextInput
                  label={t`Email`}
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
                <Button type="submit" loading={forgot.isPending} fullWidth>
                  <Trans>寄出重設連結</Trans>
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
