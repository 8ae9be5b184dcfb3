import { Trans } from '@lingui/react/macro';
import { Button, Checkbox, List, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Step 1: the rules of collecting fees, an agree checkbox and the start button. */
export function FeeRulesStep({ onStart }: { onStart: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={700}>
          <Trans>收費規則</Trans>
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Trans>社費每學期 600 元，工作坊保證金每項 500 元，只收現金。</Trans>
          </List.Item>
          <List.Item>
            <Trans>非社員請出示學生證，以學號查詢；已是社員的人也可以用手機號碼查詢。</Trans>
          </List.Item>
          <List.Item>
            <Trans>外校生需要先經社長審核才能入社。</Trans>
          </List.Item>
          <List.Item>
            <Trans>幹部不能幫自己或其他現任幹部收社費。</Trans>
          </List.Item>
          <List.Item>
            <Trans>收到的現金記在你的帳上，由你保管，之後交給財務。</Trans>
          </List.Item>
        </List>
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          label={<Trans>我已閱讀並同意以上規則</Trans>}
        />
        <Button disabled={!agreed} onClick={onStart} style={{ alignSelf: 'flex-start' }}>
          <Trans>開始收費</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
