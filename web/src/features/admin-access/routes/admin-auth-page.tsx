import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import {
  type AuthorityInfo,
  type GrantChange,
  type GrantGroup,
  useAuthOverview,
  useChangeGrants,
} from '../api/auth';

/** Sends a grant change and shows the spec's messages (doc 3, section 8): Done, Duplicated, no such position, Fail. */
function useGrantChange() {
  const { t } = useLingui();
  const change = useChangeGrants();
  const send = async (body: GrantChange): Promise<boolean> => {
    try {
      const response = await change.mutateAsync(body);
      if (response.status === 'ok') {
        toast.success(t`完成`);
        return true;
      }
      if (response.reason === 'duplicated') toast.danger(t`重複了`);
      else if (response.reason === 'positionnotexists') toast.danger(t`沒有這個職位`);
      else toast.danger(t`失敗`);
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        console.error('grant change failed', error);
        toast.danger(t`失敗`);
      }
    }
    return false;
  };
  return { send, isPending: change.isPending };
}

interface PendingDelete {
  pk: number;
  label: string;
  title: string;
}

function AddGrantForm({ authority }: { authority: AuthorityInfo }) {
  const { t } = useLingui();
  const { send, isPending } = useGrantChange();
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [keyword, setKeyword] = useState('');
  const title = authority.title;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const staffkeyword = keyword.trim();
    if (person === null && staffkeyword === '') return toast.danger(t`請選擇人員或輸入職位關鍵字`);
    if (person !== null && staffkeyword !== '') return toast.danger(t`人員和職位關鍵字只能擇一`);
    const ok = await send({
      cmd: 'add',
      key: authority.key,
      ...(person !== null ? { userpk: person.pk } : { staffkeyword }),
    });
    if (ok) {
      setPerson(null);
      setKeyword('');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`新增 ${title} 權限`}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <PersonPicker label={t`人員`} value={person} onChange={setPerson} />
          <TextInput
            label={t`或職位關鍵字`}
            description={t`職稱包含這個字的幹部（社員身分有效時）`}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" size="compact-md" loading={isPending}>
            <Trans>新增</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuthorityCard({
  authority,
  group,
  onDelete,
}: {
  authority: AuthorityInfo;
  group: GrantGroup | undefined;
  onDelete: (pending: PendingDelete) => void;
}) {
  const { t } = useLingui();
  const users = group?.userlist ?? [];
  const keywords = group?.keywordlist ?? [];
  const title = authority.title;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Badge variant="light">{authority.key}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {authority.desc}
        </Text>
        {users.length === 0 && keywords.length === 0 ? (
          <Text size="sm">
            <Trans>尚未授權給任何人</Trans>
          </Text>
        ) : (
          <Group gap="xs">
            {users.map((grant) => {
              const label = `${grant.user.name || grant.name} (${grant.user.pkstr})`;
              return (
                <Badge
                  key={grant.pk}
                  size="lg"
                  variant="outline"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="red"
                      aria-label={t`刪除 ${label} 的 ${title} 權限`}
                      onClick={() => onDelete({ pk: grant.pk, label, title })}
                    >
                      ×
                    </ActionIcon>
                  }
                >
                  {label}
                </Badge>
              );
            })}
            {keywords.map((grant) => {
              const label = t`職位：${grant.name}`;
              return (
                <Badge
                  key={grant.pk}
                  size="lg"
                  variant="outline"
                  color="grape"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="red"
                      aria-label={t`刪除 ${label} 的 ${title} 權限`}
                      onClick={() => onDelete({ pk: grant.pk, label, title })}
                    >
                      ×
                    </ActionIcon>
                  }
                >
                  {label}
                </Badge>
              );
            })}
          </Group>
        )}
        <AddGrantForm authority={authority} />
      </Stack>
    </Paper>
  );
}

function DeleteGrantModal({ pending, onClose }: { pending: PendingDelete | null; onClose: () => void }) {
  const { t } = useLingui();
  const { send, isPending } = useGrantChange();
  const label = pending?.label ?? '';
  const title = pending?.title ?? '';
  const confirm = async () => {
    if (pending) await send({ cmd: 'delete', pk: pending.pk });
    onClose();
  };
  return (
    <Modal opened={pending !== null} onClose={onClose} title={t`刪除權限？`} centered>
      <Stack>
        <Text>
          <Trans>
            刪除 {label} 的「{title}」權限。
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button color="red" loading={isPending} onClick={() => void confirm()}>
            <Trans>刪除</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** AdminAuth: every authority with the people and position keywords holding it; add and delete (auth). */
export default function AdminAuthPage() {
  const { t } = useLingui();
  const filter = useParams().kind;
  const links = useRouteLinks();
  const navigate = useNavigate();
  const query = useAuthOverview();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { authlist, authdict } = query.data;
  const shown = filter ? authlist.filter((authority) => authority.key === filter) : authlist;
  const allValue = '__all__';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>
          <Trans>權限管理</Trans>
        </Title>
        <Select
          label={t`顯示`}
          w={220}
          allowDeselect={false}
          value={filter ?? allValue}
          data={[
            { value: allValue, label: t`全部權限` },
            ...authlist.map((authority) => ({
              value: authority.key,
              label: `${authority.title} (${authority.key})`,
            })),
          ]}
          onChange={(value) =>
            navigate(
              links.pathOf('AdminAuth', { kind: value === null || value === allValue ? undefined : value }),
            )
          }
        />
      </Group>
      {shown.length === 0 && (
        <Text c="dimmed">
          <Trans>沒有這個權限</Trans>
        </Text>
      )}
      {shown.map((authority) => (
        <AuthorityCard
          key={authority.key}
          authority={authority}
          group={authdict[authority.key]}
          onDelete={setPendingDelete}
        />
      ))}
      <DeleteGrantModal pending={pendingDelete} onClose={() => setPendingDelete(null)} />
    </Stack>
  );
}
