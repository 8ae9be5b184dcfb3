import { Trans } from '@lingui/react/macro';
import { Button, List, Stack, Text } from '@mantine/core';

/** Step 9: how to find one's social-profile address; returns to the data form. */
export function FacebookHelpStep({ onBack }: { onBack: () => void }) {
  return (
    <Stack>
      <Text fw={700}>
        <Trans>如何找到 Facebook 個人檔案網址</Trans>
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Trans>在手機的 Facebook App 點右下角（或右上角）的選單，再點你的名字進入個人檔案。</Trans>
        </List.Item>
        <List.Item>
          <Trans>點名字下方的「⋯」，選「複製連結」或「分享個人檔案」。</Trans>
        </List.Item>
        <List.Item>
          <Trans>回到申請表，把連結貼到 Facebook 欄位；系統會自動整理成標準的個人檔案網址。</Trans>
        </List.Item>
        <List.Item>
          <Trans>用電腦的話，進入自己的個人檔案後，直接複製瀏覽器網址列的網址即可。</Trans>
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        <Trans>這個欄位可以不填；幹部會用它確認你已加入社員社團。</Trans>
      </Text>
      <Button onClick={onBack}>
        <Trans>回到申請表</Trans>
      </Button>
    </Stack>
  );
}
