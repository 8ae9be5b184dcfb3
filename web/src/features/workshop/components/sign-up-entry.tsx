import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { toast } from '../../../shared/ui/toast';
import { type SignUp, useSaveResult } from '../api/workshop';
import {
  kindText,
  optionText,
  questionText,
  resultText,
  saveFailedText,
  workshopReasonText,
} from '../lib/messages';

/** An answer as shown: wishes and option codes by their labels, typed text as typed. */
function answerText(i18n: I18n, key: string, value: string): string {
  const descriptor = key === 'choice1' || key === 'choice2' ? kindText[value] : optionText[value];
  const coded = [
    'choice1',
    'choice2',
    'camera',
    'filmever',
    'darkroomever',
    'filmcamera',
    'semester2plan',
    'agree',
  ];
  return descriptor && coded.includes(key) ? i18n._(descriptor) : value;
}

/** One sign-up with its answers and photos; workshopset staff set the result. */
export function SignUpEntry({
  entry,
  mayset,
  onClose,
}: {
  entry: SignUp;
  mayset: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveResult();
  const choice1 = entry.fillin.choice1;
  const choice2 = entry.fillin.choice2;
  const onResult = async (result: 0 | 1 | 3 | 99) => {
    try {
      const reply = await save.mutateAsync({ pk: entry.pk, result });
      if (reply.status === 'ok') toast.success(t`已設定結果`);
      else toast.danger(i18n._(workshopReasonText(reply.reason)));
    } catch {
      toast.danger(i18n._(saveFailedText));
    }
  };
  const wishButton = (value: string | undefined, label: string) =>
    value === '1' || value === '3' ? (
      <Button onClick={() => void onResult(Number(value) as 1 | 3)} loading={save.isPending}>
        {label}：{i18n._(kindText[value]!)}
      </Button>
    ) : null;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>
              報名 #{entry.pk}：{entry.user.name}
            </Trans>
          </Title>
          <Badge color="dark.6">{i18n._(resultText[entry.result]!)}</Badge>
        </Group>
        <Text size="sm">
          {entry.finishtime ? (
            <Trans>送出於 {formatTaipeiSeconds(entry.finishtime)}</Trans>
          ) : (
            <Trans>草稿，最後儲存於 {formatTaipeiSeconds(entry.modifytime)}</Trans>
          )}
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t`報名內容`}>
            <Table.Tbody>
              {Object.entries(entry.fillin).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" w="40%">
                    {questionText[key] ? i18n._(questionText[key]) : key}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                    {key === 'facebook' && value.startsWith('http') ? (
                      <Anchor href={value} target="_blank" rel="noreferrer">
                        {value}
                      </Anchor>
                    ) : (
                      answerText(i18n, key, value)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {entry.imglist.map((img, index) => (
            <Anchor key={img.pk} href={img.url} target="_blank" rel="noreferrer">
              <Image src={img.url} alt={t`作品照片 ${index + 1}`} h={140} fit="cover" radius="sm" />
            </Anchor>
          ))}
        </SimpleGrid>
        {mayset && entry.finishtime && (
          <Group>
            {wishButton(choice1, t`錄取第一志願`)}
            {choice2 !== 'none' && wishButton(choice2, t`錄取第二志願`)}
            <Button color="red.9" onClick={() => void onResult(99)} loading={save.isPending}>
              <Trans>不錄取</Trans>
            </Button>
            <Button variant="default" onClick={() => void onResult(0)} loading={save.isPending}>
              <Trans>取消設定</Trans>
            </Button>
          </Group>
        )}
        <Group>
          <Button variant="subtle" onClick={onClose}>
            <Trans>回列表</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
