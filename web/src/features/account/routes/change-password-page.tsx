import { PATTERNS } from '@club/core/accounts/registration-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useChangePassword } from '../api/change-password';

/** Password change (spec doc 1, sections 5 and 8). */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPassword2, setNewPassword2] = useState('');
  const changePasswordMutation = useChangePassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (oldPassword === '' || newPassword === '' || newPassword2 === '') {
      toast.danger(t`有欄位沒有填寫`);
      return;
    }
    if (!PATTERNS.password.test(newPassword)) {
      toast.danger(t`新密碼至少需要 6 個字元`);
      return;
    }
    if (newPassword !== newPassword2) {
      toast.danger(t`兩次輸入的新密碼不同`);
      return;
    }
    try {
      const response = await changePasswordMutation.mutateAsync({
        oldpassword: oldPassword,
        newpassword: newPassword,
      });
      if (response.status === 'ok') {
        toast.success(t`已更新`);
        setOldPassword('');
        setNewPassword('');
        setNewPassword2('');
      } else if (response.reason === 'wrong') {
        toast.danger(t`舊密碼錯誤`);
      } else if (response.reason === 'password_format') {
        toast.danger(t`新密碼至少需要 6 個字元`);
      } else {
        toast.danger(t`未知錯誤`);
      }
    } catch (error) {
      console.error('password change failed', error);
      toast.danger(t`未知錯誤`);
    }
  };

  return (
    <Box maw={420}>
      <Stack>
        <Title order={2}>
          <Trans>變更密碼</Trans>
        </Title>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <PasswordInput
                label={t`舊密碼`}
                autoComplete="current-password"
                value={oldPassword}
                onChange={(event) => setOldPassword(event.currentTarget.value)}
              />
              <PasswordInput
                label={t`新密碼`}
                description={t`至少 6 個字元`}
                autoComplete="new-password"
                value={newPassword}
                onChange={(event) => setNewPassword(event.currentTarget.value)}
              />
              <PasswordInput
                label={t`再次輸入新密碼`}
                autoComplete="new-password"
                value={newPassword2}
                onChange={(event) => setNewPassword2(event.currentTarget.value)}
              />
              <Button type="submit" loading={changePasswordMutation.isPending}>
                <Trans>變更密碼</Trans>
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Box>
  );
}
