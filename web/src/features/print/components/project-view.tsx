import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Checkbox, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
// The file service's uploader and delete call (features/files), imported across features on purpose, as
// the stock purchase does (docs/stock-pages.md).
import { deleteFilesCall } from '../../files/api/files';
import { FileUploader } from '../../files/components/file-uploader';
import { deleteResults, downloadResultsZip, type PrintProject, usePrintProject } from '../api/print';
import { scheduleUploadRefresh } from '../lib/polling';
import { ImpositionProgress, useLastlog } from './imposition-progress';
import { printMessages, reasonMessage } from './print-messages';

/**
 * A print project (PrintAssistant with a pk): uploads of source pages (application 1) and, for the owner
 * or staff, self-made sheets (application 10); the files with selection, the uploader column (staff, or
 * the owner when several users uploaded), deletion, the running imposition's progress, and the result
 * PDFs with their zip download.
 */
export function ProjectView({ pk }: { pk: number }) {
  const project = usePrintProject(pk);
  if (project.isPending) return <PageLoader />;
  if (project.isError) return <LoadFailed onRetry={() => void project.refetch()} />;
  return <ProjectBody project={project.data.printproject} />;
}

function ProjectBody({ project }: { project: PrintProject }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const { lastlog } = useLastlog(project.pk, project.lastlog);
  const refresh = () => client.invalidateQueries({ queryKey: ['print'] });
  const cancelRefresh = useRef<() => void>(undefined);
  useEffect(() => () => cancelRefresh.current?.(), []);
  const uploaded = () => {
    void refresh();
    cancelRefresh.current = scheduleUploadRefresh(() => void refresh(), cancelRefresh.current);
  };
  const pages = project.imagelist.filter((file) => file.application === 1);
  const sheets = project.imagelist.filter((file) => file.application === 10);
  const toggle = (pk: number, on: boolean) =>
    setSelected((current) => (on ? [...current, pk] : current.filter((value) => value !== pk)));

  const removeSelected = async () => {
    if (selected.length === 0) return;
    const answer = await deleteFilesCall({ body: { pklist: selected } }).catch(() => null);
    if (answer?.status !== 'ok') return toast.danger(i18n._(reasonMessage(answer?.reason)));
    toast.success(i18n._(printMessages.deleted));
    setSelected([]);
    void refresh();
  };

  const fileTable = (files: PrintProject['imagelist'], caption: string) => (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label={t`全選：${caption}`}
                checked={files.length > 0 && files.every((file) => selected.includes(file.pk))}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  const pks = files.map((file) => file.pk);
                  setSelected((current) =>
                    on ? [...new Set([...current, ...pks])] : current.filter((pk) => !pks.includes(pk)),
                  );
                }}
              />
            </Table.Th>
            <Table.Th>{t`預覽`}</Table.Th>
            <Table.Th>{t`檔名`}</Table.Th>
            <Table.Th>{t`像素`}</Table.Th>
            {project.showUploader && <Table.Th>{t`上傳者`}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.pk}>
              <Table.Td>
                <Checkbox
                  aria-label={t`選取 ${file.filename}`}
                  checked={selected.includes(file.pk)}
                  onChange={(event) => toggle(file.pk, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                {file.thumbnail ? (
                  <Image src={file.thumbnail.url} alt="" w={48} h={48} fit="contain" />
                ) : null}
              </Table.Td>
              <Table.Td>{file.filename}</Table.Td>
              <Table.Td>{file.info ? `${file.info.width} × ${file.info.height}` : ''}</Table.Td>
              {project.showUploader && <Table.Td>{file.user.name}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const selectedPages = pages.filter((file) => selected.includes(file.pk)).map((file) => file.pk);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{project.title}</Title>
        <Anchor component={Link} to="/print">
          <Trans>所有專案</Trans>
        </Anchor>
      </Group>
      <ImpositionProgress lastlog={lastlog} />
      <Title order={3}>
        <Trans>上傳頁面</Trans>
      </Title>
      <FileUploader
        target={{ objname: 'printproject', pk: project.pk, application: 1 }}
        acceptPdf
        onUploaded={uploaded}
      />
      {project.canManage && (
        <>
          <Title order={3}>
            <Trans>上傳自製拼版</Trans>
          </Title>
          <FileUploader
            target={{ objname: 'printproject', pk: project.pk, application: 10 }}
            acceptPdf
            onUploaded={uploaded}
          />
        </>
      )}
      {pages.length > 0 && fileTable(pages, t`頁面（${pages.length}）`)}
      {sheets.length > 0 && fileTable(sheets, t`自製拼版（${sheets.length}）`)}
      <Group>
        {project.canManage && (
          <Button
            onClick={() =>
              void navigate(
                `/print/${project.pk}/imposition/${(selectedPages.length > 0 ? selectedPages : pages.map((file) => file.pk)).join(',')}`,
              )
            }
          >
            {selectedPages.length > 0 ? t`拼版選取的 ${selectedPages.length} 頁` : t`拼版`}
          </Button>
        )}
        {project.canManage && (
          // Two-sided alignment of one back-side page (docs/duo-print.md).
          <Button
            variant="light"
            disabled={selectedPages.length !== 1}
            onClick={() => void navigate(`/print/${project.pk}/duoprint/${selectedPages[0]}`)}
          >
            <Trans>雙面對位（選一頁背面）</Trans>
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          disabled={selected.length === 0}
          onClick={() => void removeSelected()}
        >
          <Trans>刪除選取的檔案</Trans>
        </Button>
      </Group>
      {project.canManage && project.results.length > 0 && <Results project={project} />}
    </Stack>
  );
}

function Results({ project }: { project: PrintProject }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const remove = async (name: string) => {
    const answer = await deleteResults(project.pk, [name]).catch(() => null);
    if (answer?.status !== 'ok') return toast.danger(i18n._(reasonMessage(answer?.reason)));
    toast.success(i18n._(printMessages.deleted));
    void client.invalidateQueries({ queryKey: ['print'] });
  };
  return (
    <Stack gap="xs">
      <Title order={3}>
        <Trans>拼版結果</Trans>
      </Title>
      <ul aria-label={t`拼版結果`}>
        {project.results.map((result) => (
          <li key={result.name}>
            <Group gap="xs">
              <Anchor href={result.url} download={result.filename}>
                {result.filename}
              </Anchor>
              <Text size="sm" c="dimmed">
                <Trans>{result.sheets} 張</Trans>
              </Text>
              {project.canManage && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void remove(result.name)}
                  aria-label={t`刪除 ${result.filename}`}
                >
                  <Trans>刪除</Trans>
                </Button>
              )}
            </Group>
          </li>
        ))}
      </ul>
      {project.canManage && (
        <Button
          variant="light"
          w="fit-content"
          onClick={() =>
            void downloadResultsZip(project.pk, project.title, []).catch(() =>
              toast.danger(i18n._(reasonMessage(undefined))),
            )
          }
        >
          <Trans>下載全部（zip）</Trans>
        </Button>
      )}
    </Stack>
  );
}
