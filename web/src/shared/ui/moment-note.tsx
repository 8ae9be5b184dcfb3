import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/** The moment a statistics page reflects (the `moment` of its answer): the log position its read models had reached, and the time. */
export function MomentNote({ moment }: { moment: { position: number; at: string } }) {
  const { i18n } = useLingui();
  const at = i18n.date(new Date(moment.at), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Taipei',
  });
  const position = moment.position;
  return (
    <Text size="sm" c="dimmed" data-testid="stat-moment">
      <Trans>
        資料截至 {at}（事件紀錄第 {position} 筆）
      </Trans>
    </Text>
  );
}
