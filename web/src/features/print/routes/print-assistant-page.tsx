import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Image, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { createProject, usePrintList } from '../api/print';
import { reasonMessage } from '../components/print-messages';
import { ProjectView } from '../components/project-view';

/**
 * PrintAssistant (/print/:pk?, document 2): without a pk the list of one's projects with their cover
 * thumbnails and the create action; with a pk the project page (components/project-view.tsx).
 */
export default function PrintAssistantPage() {
  const pk = Number(useParams().pk);
  return Number.isSafeInteger(pk) && pk > 0 ? <ProjectView key={pk} pk={pk} /> : <ProjectList />;
}

function ProjectList() {
  const { t, i18n } = useLingui();
  const list = usePrintList();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    if (title.trim() === '') return toast.danger(t`請輸入專案名稱`);
    setBusy(true);
    try {
      const answer = await createProject(title.trim());
      if (answer.status !== 'ok') return toast.danger(i18n._(reasonMessage(answer.reason)));
      await client.invalidateQueries({ queryKey: ['print', 'list'] });
      void navigate(`/print/${answer.printproject.pk}`);
    } catch {
      toast.danger(i18n._(reasonMessage(undefined)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>輸出小幫手</Trans>
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Group align="end">
          <TextInput
            label={t`新專案名稱`}
            value={title}
            maxLength={80}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            <Trans>建立專案</Trans>
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.pplist.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有輸出專案</Trans>
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
          aria-label={t`輸出專案`}
        >
          {list.data.pplist.map((project) => (
            <Card component="li" key={project.pk} withBorder padding="sm">
              {project.coverThumbnail ? (
                <Image src={project.coverThumbnail} alt={t`${project.title} 的封面`} h={120} fit="contain" />
              ) : (
                <Text c="dimmed" h={120} ta="center" pt="xl">
                  <Trans>尚無頁面</Trans>
                </Text>
              )}
              <Link to={`/print/${project.pk}`}>{project.title}</Link>
              <Text size="sm" c="dimmed">
                <Trans>
                  {project.images_app1_count} 頁 · {project.user.name}
                </Trans>
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
