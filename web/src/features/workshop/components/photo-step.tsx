import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { PHOTOS_MAX, PHOTOS_REQUIRED } from '@club/core/workshop/questions';
import { toast } from '../../../shared/ui/toast';
import { FileUploader } from '../../files/components/file-uploader';
import { useRemoveImage, type WorkshopEntry } from '../api/workshop';
import { saveFailedText, workshopReasonText } from '../lib/messages';

/** Page 6's photos: exactly 4 to submit, up to 5 uploads (document 2). */
export function PhotoStep({ form, onChanged }: { form: WorkshopEntry; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const remove = useRemoveImage();
  const count = form.imglist.length;
  const onRemove = async (imgpk: number) => {
    try {
      const reply = await remove.mutateAsync({ formpk: form.pk, imgpk });
      if (reply.status !== 'ok') toast.danger(i18n._(workshopReasonText(reply.reason)));
    } catch {
      toast.danger(i18n._(saveFailedText));
    }
    onChanged();
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <Trans>
          作品照片：已上傳 {count} 張，送出時須剛好 {PHOTOS_REQUIRED} 張（最多上傳 {PHOTOS_MAX} 張）
        </Trans>
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {form.imglist.map((img, index) => (
          <Stack key={img.pk} gap={4}>
            <Image src={img.url} alt={t`作品照片 ${index + 1}`} radius="sm" h={120} fit="cover" />
            <Button size="xs" variant="outline" color="red.9" onClick={() => void onRemove(img.pk)}>
              <Trans>刪除照片 {index + 1}</Trans>
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      {count < PHOTOS_MAX && (
        <Group>
          <FileUploader
            target={{ objname: 'workshopform', pk: form.pk, application: 1 }}
            onUploaded={onChanged}
          />
        </Group>
      )}
    </Stack>
  );
}
