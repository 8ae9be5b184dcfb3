import { Trans } from '@lingui/react/macro';
import { Box, Button, Checkbox, List, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { agree } from '../lib/agreement';

/**
 * DarkroomReserveRule (/reserve/rule, document 2): the reservation rules, which a member agrees to before
 * the grid (the constants of document 2, section 9; docs/reservations.md).
 */
export default function ReserveRulePage() {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  return (
    <Box maw={640} mx="auto">
      <Stack>
        <Title order={2}>
          <Trans>暗房預約規則</Trans>
        </Title>
        <List spacing="xs">
          <List.Item>
            <Trans>可預約今天起 15 天內的暗房與器材，時間為 08:00 至 22:00，每格 30 分鐘。</Trans>
          </List.Item>
          <List.Item>
            <Trans>一次預約可以同時選擇多個空間或器材。</Trans>
          </List.Item>
          <List.Item>
            <Trans>只能修改或刪除自己的預約；不使用時請盡早刪除，讓給其他社員。</Trans>
          </List.Item>
          <List.Item>
            <Trans>灰色的時段是幹部保留（課程、維護），請看其說明。</Trans>
          </List.Item>
          <List.Item>
            <Trans>使用暗房仍須遵守暗房使用規則並完成訓練。</Trans>
          </List.Item>
        </List>
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          label={<Trans>我已閱讀並同意以上規則</Trans>}
        />
        <Button
          disabled={!agreed}
          onClick={() => {
            agree();
            void navigate('/reserve');
          }}
        >
          <Trans>繼續預約</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
