import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { type SignInPage, useSignIn, useSignInPage } from '../api/signin';
import { signInMessage } from '../lib/messages';

type OpenSheet = SignInPage['waitlist'][number];

/** The sign-in dialog of one sheet: the secret word when the sheet needs one, and the button. */
function SignInDialog({ sheet, onClose }: { sheet: OpenSheet; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const signIn = useSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const reply = await signIn.mutateAsync({ signin: sheet.pk, code });
      const reason = reply.status === 'ok' ? null : reply.reason;
      const message = i18n._(signInMessage(reason).text);
      if (reason === 'codewrong') {
        // document 2: a wrong secret word clears the field and keeps the dialog open.
        setCode('');
        setError(message);
        return;
      }
      if (reason === null) toast.success(message);
      else toast.danger(message);
      onClose();
    } catch (failure) {
      console.error('sign-in failed', failure);
      setError(i18n._(signInMessage('unknown').text));
    }
  };

  return (
    <Modal opened onClose={onClose} title={sheet.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {sheet.codeneeded ? (
            <TextInput
              label={t`暗號`}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
              error={error}
            />
          ) : (
            error && <Alert color="red">{error}</Alert>
          )}
          <Button type="submit" size="lg" loading={signIn.isPending}>
            <Trans>簽到</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * SignIn (/signin, document 2): the open sheets the member has not signed yet, a sign-in dialog with the
 * secret word, and the member's past sign-ins (time and sheet title).
 */
export default function SignInPageRoute() {
  const { t } = useLingui();
  const page = useSignInPage();
  const [chosen, setChosen] = useState<OpenSheet | null>(null);
  if (page.isPending) return <PageLoader />;
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()} />;
  const { waitlist, loglist } = page.data;
  return (
    <Box maw={560} mx="auto">
      <Stack>
        <Title order={2}>
          <Trans>簽到</Trans>
        </Title>
        <Title order={3} size="h4">
          <Trans>開放中的活動</Trans>
        </Title>
        {waitlist.length === 0 ? (
          <Text c="dimmed">
            <Trans>目前沒有開放簽到的活動</Trans>
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            aria-label={t`開放中的活動`}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {waitlist.map((sheet) => (
              <Card key={sheet.pk} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{sheet.title}</Text>
                    <Text size="xs" c="dimmed">
                      <Trans>簽到至 {formatTaipeiSeconds(sheet.closesAt).slice(0, 16)}</Trans>
                    </Text>
                  </Stack>
                  <Button onClick={() => setChosen(sheet)} aria-label={t`簽到：${sheet.title}`}>
                    <Trans>簽到</Trans>
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Title order={3} size="h4">
          <Trans>我的簽到紀錄</Trans>
        </Title>
        {loglist.length === 0 ? (
          <Text c="dimmed">
            <Trans>還沒有簽到紀錄</Trans>
          </Text>
        ) : (
          <Table aria-label={t`我的簽到紀錄`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>時間</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>活動</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loglist.map((row) => (
                <Table.Tr key={`${row.signin.pk}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatTaipeiSeconds(row.timestamp).slice(0, 16)}
                  </Table.Td>
                  <Table.Td>{row.signin.title}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {chosen && <SignInDialog key={chosen.pk} sheet={chosen} onClose={() => setChosen(null)} />}
    </Box>
  );
}
