import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MarkdownText } from '../../../shared/content/markdown';
import { trainingRows } from '../../../shared/content/training';
import { useContent, useContentLocale } from '../../../shared/content/use-content';

/**
 * Training (/training, document 1): the fixed list of darkroom and digital-darkroom trainings with what
 * to prepare, the fee, the equipment, the hours, the test and the documents (web/content/training.json).
 * One card per training, so it reads on a phone without a wide table.
 */
export default function TrainingPage() {
  const locale = useContentLocale();
  const intro = useContent('training');
  const rows = trainingRows();
  return (
    <Stack>
      <Title order={2}>
        <Trans>暗房與數暗訓練</Trans>
      </Title>
      <MarkdownText text={intro} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {rows.map((row) => (
          <Card key={row.name['zh-Hant']} withBorder padding="sm" component="article">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h5">
                {row.name[locale]}
              </Title>
              <Badge variant="light" color={row.kind === '暗房' ? 'dark' : 'blue'}>
                {row.kind === '暗房' ? <Trans>暗房</Trans> : <Trans>數暗</Trans>}
              </Badge>
            </Group>
            <Stack gap={2} mt="xs">
              <Text size="sm">
                <Trans>時數：{row.hour} 小時</Trans>
              </Text>
              <Text size="sm">
                <Trans>費用：{row.fee[locale]}</Trans>
              </Text>
              <Text size="sm">
                <Trans>準備：{row.prepare[locale]}</Trans>
              </Text>
              <Text size="sm">
                <Trans>器材：{row.device[locale]}</Trans>
              </Text>
              <Text size="sm">
                <Trans>測驗：{row.test[locale]}</Trans>
              </Text>
              {row.documents.length > 0 && (
                <List size="sm">
                  {row.documents.map((document) => (
                    <List.Item key={document.url}>
                      <Anchor href={document.url} target="_blank" rel="noreferrer">
                        {document.title[locale]}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
