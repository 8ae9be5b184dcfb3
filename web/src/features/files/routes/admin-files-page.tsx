import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { deleteFilesCall, downloadZip, type FileRecord } from '../api/files';
import { FileUploader } from '../components/file-uploader';

const receipts = { objname: 'stockreceipt', pk: 0 } as const;

/** Staff: upload receipt images directly or through the server, delete them, and download a zip. */
export default function AdminFilesPage() {
  const { t } = useLingui();
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const add = (records: FileRecord[]) => setFiles((list) => [...list, ...records]);
  const chosen = files.filter((file) => selected.has(file.pk));

  const deleteLabel = (filename: string) => t`刪除 ${filename}`;
  const remove = async (file: FileRecord) => {
    try {
      const answer = await deleteFilesCall({ body: { pklist: [file.pk] } });
      if (answer.status !== 'ok') throw new Error(answer.reason);
      setFiles((list) => list.filter((other) => other.pk !== file.pk));
      toast.success(t`刪除成功`);
    } catch {
      toast.danger(t`刪除失敗`);
    }
  };

  return (
    <Stack>
      <Title order={2}>{t`檔案上傳`}</Title>
      <Title order={3}>{t`直接上傳`}</Title>
      <section aria-label={t`直接上傳`}>
        <FileUploader target={receipts} direct onUploaded={add} />
      </section>
      <Title order={3}>{t`經由伺服器上傳`}</Title>
      <section aria-label={t`經由伺服器上傳`}>
        <FileUploader target={receipts} onUploaded={add} />
      </section>
      <Group>
        <Button
          disabled={chosen.length === 0}
          onClick={() => downloadZip('receipts', chosen).catch(() => toast.danger(t`下載失敗`))}
        >
          {t`下載 zip`}
        </Button>
      </Group>
      {files.length === 0 ? (
        <Text c="dimmed">{t`尚無檔案`}</Text>
      ) : (
        <Table aria-label={t`已上傳的檔案`}>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.pk}>
                <Table.Td>
                  <Checkbox
                    aria-label={file.filename}
                    checked={selected.has(file.pk)}
                    onChange={(event) => {
                      const next = new Set(selected);
                      if (event.currentTarget.checked) next.add(file.pk);
                      else next.delete(file.pk);
                      setSelected(next);
                    }}
                  />
                </Table.Td>
                <Table.Td>{file.thumbnail && <Image src={file.thumbnail.url} alt="" w={64} />}</Table.Td>
                <Table.Td>{file.filename}</Table.Td>
                <Table.Td>{file.info ? `${file.info.width} × ${file.info.height}` : ''}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => void remove(file)}
                    aria-label={deleteLabel(file.filename)}
                  >
                    {t`刪除`}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
