import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import {
  type ImpositionSettings,
  type PrintProject,
  startImposition,
  usePrintProject,
  useSaveProject,
} from '../api/print';
import { ImpositionProgress, useLastlog } from '../components/imposition-progress';
import { ImpositionSettingsForm } from '../components/imposition-settings-form';
import { printMessages, reasonMessage } from '../components/print-messages';

/**
 * PrintAssistantImposition (/print/:pk/imposition/:s3pks?, document 2): the imposition settings, a demo
 * with numbered placeholder pages, and the imposition of the chosen files (s3pks, a comma list), with
 * its progress and the resulting PDFs.
 */
export default function PrintImpositionPage() {
  const params = useParams();
  const pk = Number(params.pk);
  const s3pks = (params.s3pks ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  const project = usePrintProject(pk);
  if (project.isPending) return <PageLoader />;
  if (project.isError) return <LoadFailed onRetry={() => void project.refetch()} />;
  return <ImpositionBody key={pk} project={project.data.printproject} s3pks={s3pks} />;
}

function ImpositionBody({ project, s3pks }: { project: PrintProject; s3pks: number[] }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [settings, setSettings] = useState<ImpositionSettings>(project.settings);
  const [busy, setBusy] = useState(false);
  const save = useSaveProject(project.pk);
  const { lastlog, setLastlog } = useLastlog(project.pk, project.lastlog);
  const running = lastlog?.status === 'queued' || lastlog?.status === 'running';

  const run = async (demoOnly: boolean) => {
    setBusy(true);
    try {
      const saved = await save.mutateAsync({ printproject: { title: project.title, settings } });
      if (saved.status !== 'ok') return toast.danger(i18n._(reasonMessage(saved.reason)));
      const answer = await startImposition(project.pk, {
        impositionMethod: settings.method,
        s3pklist: demoOnly ? [] : s3pks,
        demoOnly,
      });
      if (answer.status !== 'ok') {
        toast.danger(i18n._(reasonMessage(answer.reason)));
        // 'selected files no longer exist' returns to the project page.
        if (answer.reason === 'nofiles') void navigate(`/print/${project.pk}`);
        return;
      }
      if (answer.duplicates.length > 0) toast.info(t`重複的檔名：${answer.duplicates.join('、')}`);
      toast.success(i18n._(printMessages.started));
      setLastlog({ status: 'queued', progresspercent: 0, progresstext: '' });
    } catch {
      toast.danger(i18n._(reasonMessage(undefined)));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: ['print', 'list'] });
    }
  };

  if (!project.canManage)
    return (
      <Alert color="yellow" role="alert">
        <Trans>只有專案擁有者或幹部可以拼版。</Trans>
      </Alert>
    );
  const latest = project.results[0];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>拼版：{project.title}</Trans>
        </Title>
        <Anchor component={Link} to={`/print/${project.pk}`}>
          <Trans>回到專案</Trans>
        </Anchor>
      </Group>
      <Text>
        {s3pks.length > 0 ? t`已選取 ${s3pks.length} 個檔案` : t`尚未選取檔案：可先用示範拼版看排列`}
      </Text>
      <ImpositionSettingsForm value={settings} onChange={setSettings} showPages />
      <Group>
        <Button variant="light" onClick={() => void run(true)} loading={busy} disabled={running}>
          <Trans>示範拼版</Trans>
        </Button>
        <Button onClick={() => void run(false)} loading={busy} disabled={running || s3pks.length === 0}>
          <Trans>開始拼版</Trans>
        </Button>
        <Button
          variant="subtle"
          onClick={() =>
            void save
              .mutateAsync({ printproject: { title: project.title, settings } })
              .then((answer) =>
                answer.status === 'ok'
                  ? toast.success(i18n._(printMessages.saved))
                  : toast.danger(i18n._(reasonMessage(answer.reason))),
              )
          }
        >
          <Trans>儲存設定</Trans>
        </Button>
      </Group>
      <ImpositionProgress lastlog={lastlog} />
      {latest && lastlog?.status === 'end' && (
        <Anchor href={latest.url} download={latest.filename}>
          <Trans>下載 {latest.filename}</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
