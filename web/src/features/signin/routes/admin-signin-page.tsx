import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { toast } from '../../../shared/ui/toast';
import { useCreateSheet, useSheet, useSheets } from '../api/signin';
import { workshopKindNames } from '../lib/messages';

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
/** An instant as a datetime-local value in Taipei time. */
const toLocalInput = (ms: number) => new Date(ms + TAIPEI_OFFSET_MS).toISOString().slice(0, 16);
/** A datetime-local value read as Taipei time, as an ISO instant. */
const fromLocalInput = (value: string) => new Date(`${value}:00+08:00`).toISOString();
const minutes = (iso: string) => formatTaipeiSeconds(iso).slice(0, 16);
const randomDigits = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0');

/** The list of sheets, newest first, each linking to its log. */
function SheetList() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const { data: check } = useCurrentUser();
  const sheets = useSheets();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>簽到管理</Trans>
        </Title>
        <Button component={Link} to={links.pathOf('AdminSignIn', { pk: 'new' })}>
          <Trans>新增簽到表</Trans>
        </Button>
      </Group>
      {check?.semesternow && (
        <Anchor
          component={Link}
          to={links.pathOf('AdminSignInWorkshopResult', { semester: check.semesternow })}
        >
          <Trans>工作坊出席與押金扣除</Trans>
        </Anchor>
      )}
      {sheets.isPending ? (
        <PageLoader />
      ) : sheets.isError ? (
        <LoadFailed onRetry={() => void sheets.refetch()} />
      ) : (
        <ScrollTable caption={t`簽到表`}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>
                  <Trans>活動</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>暗號</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>人數</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>簽到時間</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheets.data.loglist.map((sheet) => (
                <Table.Tr key={sheet.pk}>
                  <Table.Td>{sheet.pk}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={links.pathOf('AdminSignIn', { pk: sheet.pk })}>
                      {sheet.title}
                    </Anchor>{' '}
                    {sheet.open && (
                      <Text span size="xs" fw={700} c="teal.9">
                        <Trans>開放中</Trans>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{sheet.code === '' ? '—' : sheet.code}</Table.Td>
                  <Table.Td>{sheet.signinlog_count}</Table.Td>
                  <Table.Td>
                    {minutes(sheet.opensAt)} – {minutes(sheet.closesAt).slice(11)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

/**
 * The create form: title (required), the code (four random digits by default; empty means none), the open
 * period (from now for three hours by default) and, for a workshop class, its semester and kind.
 */
function NewSheetForm() {
  const { t, i18n } = useLingui();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const { data: check } = useCurrentUser();
  const create = useCreateSheet();
  const [now] = useState(() => Date.now());
  const [title, setTitle] = useState('');
  const [code, setCode] = useState(randomDigits);
  const [opensAt, setOpensAt] = useState(() => toLocalInput(now));
  const [closesAt, setClosesAt] = useState(() => toLocalInput(now + 3 * 3_600_000));
  const [isWorkshop, setIsWorkshop] = useState(false);
  const [kind, setKind] = useState<string | null>('1');
  const [titleError, setTitleError] = useState<string | null>(null);

  const submit = async () => {
    if (title.trim() === '') {
      setTitleError(t`請填寫活動名稱`);
      return;
    }
    setTitleError(null);
    try {
      const reply = await create.mutateAsync({
        title,
        code,
        opensAt: fromLocalInput(opensAt),
        closesAt: fromLocalInput(closesAt),
        workshop:
          isWorkshop && check?.semesternow && kind
            ? { semester: check.semesternow, kind: Number(kind) as 1 | 2 | 3 | 4 | 5 }
            : null,
      });
      if (reply.status === 'ok') {
        toast.success(t`已建立簽到表`);
        void navigate(links.pathOf('AdminSignIn', { pk: reply.signin.pk }));
      } else if (reply.reason === 'title_required') setTitleError(t`請填寫活動名稱`);
      else if (reply.reason === 'period_invalid') toast.danger(t`結束時間必須晚於開始時間`);
      else toast.danger(t`發生錯誤，請重試`);
    } catch (error) {
      console.error('create sheet failed', error);
      toast.danger(t`發生錯誤，請重試`);
    }
  };

  return (
    <Paper withBorder p="md" maw={520}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Title order={2}>
            <Trans>新增簽到表</Trans>
          </Title>
          <TextInput
            label={t`活動名稱`}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            required
          />
          <TextInput
            label={t`暗號`}
            description={t`留空表示不需要暗號`}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t`開始簽到`}
            value={opensAt}
            onChange={(e) => setOpensAt(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t`結束簽到`}
            value={closesAt}
            onChange={(e) => setClosesAt(e.currentTarget.value)}
          />
          <Checkbox
            label={t`這是工作坊的一堂課`}
            checked={isWorkshop}
            onChange={(e) => setIsWorkshop(e.currentTarget.checked)}
          />
          {isWorkshop && (
            <Select
              label={t`工作坊（${check?.semesternow ?? ''}）`}
              data={Object.entries(workshopKindNames).map(([value, name]) => ({
                value,
                label: i18n._(name),
              }))}
              value={kind}
              onChange={setKind}
              allowDeselect={false}
            />
          )}
          <Button type="submit" loading={create.isPending}>
            <Trans>建立</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** One sheet: its data, the count and the log (time and person). */
function SheetDetail({ pk }: { pk: number }) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const sheet = useSheet(pk);
  if (sheet.isPending) return <PageLoader />;
  if (sheet.isError) return <LoadFailed onRetry={() => void sheet.refetch()} />;
  const { signin, loglist } = sheet.data;
  return (
    <Stack>
      <Anchor component={Link} to={links.pathOf('AdminSignIn')}>
        <Trans>← 所有簽到表</Trans>
      </Anchor>
      <Title order={2}>{signin.title}</Title>
      <Text>
        <Trans>暗號：{signin.code === '' ? '—' : signin.code}</Trans>
      </Text>
      <Text>
        <Trans>
          簽到時間：{minutes(signin.opensAt)} – {minutes(signin.closesAt)}
        </Trans>
      </Text>
      <Text fw={600} aria-live="polite">
        <Trans>已簽到 {signin.signinlog_count} 人</Trans>
      </Text>
      <ScrollTable caption={t`簽到紀錄`}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>時間</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>社員</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loglist.map((row) => (
              <Table.Tr key={row.pk}>
                <Table.Td>{formatTaipeiSeconds(row.timestamp)}</Table.Td>
                <Table.Td>
                  {row.user.name} ({row.user.pkstr})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/** AdminSignIn (/admin/signin/:pk(digits|new)?, document 3): list, new form, detail. */
export default function AdminSignInPage() {
  const { pk } = useParams();
  if (pk === 'new') return <NewSheetForm />;
  if (pk !== undefined) return <SheetDetail key={pk} pk={Number(pk)} />;
  return <SheetList />;
}
