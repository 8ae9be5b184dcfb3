import { useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { toast } from '../../../shared/ui/toast';
import {
  type FileRecord,
  prepareUploadCall,
  putDirect,
  type UploadTarget,
  uploadDoneCall,
  uploadMultipart,
} from '../api/files';
import { runUploadQueue } from '../lib/upload-queue';
import { uploadMessages } from './upload-messages';

type UploadState = { status: 'idle' } | { status: 'uploading'; completed: number; total: number };

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/tiff'];

/**
 * The upload component (document 2, section 4): idle, uploading (a second attempt shows 'wait'), then
 * idle again with `onUploaded` (the uploadDone event). `direct` sends the files to their own addresses,
 * at most 3 at a time, with completed / total and a progress bar; a failed file counts as done and is
 * named in 'upload failed, please retry {filename}'; the server is then told which finished and the
 * selection is cleared. Files come by drag and drop, the file dialog, or the phone's camera.
 */
export function FileUploader({
  target,
  direct = false,
  acceptPdf = false,
  onUploaded,
}: {
  target: UploadTarget;
  direct?: boolean;
  acceptPdf?: boolean;
  onUploaded?: (records: FileRecord[]) => void;
}) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const busy = useRef(false);
  const camera = useRef<HTMLInputElement>(null);

  const finish = (records: FileRecord[]) => {
    busy.current = false;
    setState({ status: 'idle' });
    if (camera.current) camera.current.value = '';
    onUploaded?.(records);
  };

  const sendMultipart = async (chosen: File[]) => {
    try {
      const answer = await uploadMultipart(target, chosen);
      if (answer.status === 'ok') {
        toast.success(i18n._(uploadMessages.success));
        return finish(answer.filelist);
      }
      toast.danger(
        i18n._(
          answer.reason === 'unknown format'
            ? uploadMessages.unknownFormat
            : answer.reason === 'photolimit'
              ? uploadMessages.photoLimit
              : uploadMessages.unknownReason,
        ),
      );
    } catch {
      toast.danger(i18n._(uploadMessages.network));
    }
    finish([]);
  };

  const sendDirect = async (chosen: File[]) => {
    try {
      const prepared = await prepareUploadCall({
        body: {
          objname: target.objname,
          pk: target.pk,
          application: target.application ?? 1,
          attr: target.attr ?? '',
          filenamelist: chosen.map((file) => file.name),
        },
      });
      if (prepared.status !== 'ok') {
        toast.danger(
          i18n._(
            prepared.reason === 'unknown format'
              ? uploadMessages.unknownFormat
              : uploadMessages.unknownReason,
          ),
        );
        return finish([]);
      }
      const pairs = chosen.map((file, index) => ({ file, address: prepared.s3list[index]! }));
      setState({ status: 'uploading', completed: 0, total: pairs.length });
      const results = await runUploadQueue(pairs, ({ file, address }) => putDirect(address.uploadUrl, file), {
        onProgress: ({ completed, total }) => setState({ status: 'uploading', completed, total }),
        onFailure: ({ file }) => {
          const filename = file.name;
          toast.danger(t`上傳失敗，請重試 ${filename}`);
        },
      });
      const finished = pairs.filter((_, index) => results[index]);
      const done =
        finished.length === 0
          ? null
          : await uploadDoneCall({
              body: {
                uploadDone: Object.fromEntries(
                  finished.map(({ address }) => [String(address.pk), true as const]),
                ),
              },
            });
      const records = done?.status === 'ok' ? done.filelist : [];
      const count = records.length;
      toast.success(t`已上傳 ${count} 個檔案`);
      finish(records);
    } catch {
      toast.danger(i18n._(uploadMessages.network));
      finish([]);
    }
  };

  const start = (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (busy.current) {
      toast.info(i18n._(uploadMessages.wait));
      return;
    }
    busy.current = true;
    setState({ status: 'uploading', completed: 0, total: chosen.length });
    void (direct ? sendDirect(chosen) : sendMultipart(chosen));
  };

  // Drag and drop or the file dialog (react-dropzone: the drop area is the whole box, keyboard included).
  const dropzone = useDropzone({
    onDropAccepted: start,
    onDropRejected: () => toast.danger(i18n._(uploadMessages.unknownFormat)),
    accept: Object.fromEntries(
      (acceptPdf ? [...IMAGE_TYPES, 'application/pdf'] : IMAGE_TYPES).map((type) => [type, []]),
    ),
    multiple: true,
  });

  const uploading = state.status === 'uploading';
  const completed = uploading ? state.completed : 0;
  const total = uploading ? state.total : 0;
  return (
    <Stack gap="xs">
      <Paper
        {...dropzone.getRootProps()}
        withBorder
        p="md"
        style={{
          borderStyle: 'dashed',
          cursor: 'pointer',
          background: dropzone.isDragActive ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <input {...dropzone.getInputProps({ 'aria-label': t`選擇檔案` })} />
        <Text ta="center">{t`拖曳檔案到這裡，或點擊選擇檔案`}</Text>
      </Paper>
      <Group>
        <Button
          variant="light"
          onClick={() => (busy.current ? toast.info(i18n._(uploadMessages.wait)) : camera.current?.click())}
        >
          {t`拍照上傳`}
        </Button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label={t`拍照上傳`}
          onChange={(event) => start([...(event.currentTarget.files ?? [])])}
        />
      </Group>
      {uploading && direct && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">{t`上傳中 ${completed} / ${total}`}</Text>
          <Progress value={total === 0 ? 0 : (100 * completed) / total} aria-label={t`上傳進度`} />
        </Stack>
      )}
    </Stack>
  );
}
