import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

/** A run's or an ingredient's status (document 3, section 4) as a coloured badge. */
export function DispenseStatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  const texts: Record<string, { text: string; color: string }> = {
    init: { text: t`等待中`, color: 'gray' },
    unreachable: { text: t`無法連線`, color: 'red' },
    dispense: { text: t`配藥中`, color: 'blue' },
    aborted: { text: t`已中止`, color: 'orange' },
    weightdrop: { text: t`重量下降`, color: 'red' },
    limitexceed: { text: t`超過上限`, color: 'red' },
    finish: { text: t`完成`, color: 'green' },
  };
  const shown = texts[status] ?? { text: status, color: 'gray' };
  return (
    // Light badges keep contrast (WCAG AA) only with the darkest shade of their colour as the text.
    <Badge color={shown.color} c={`${shown.color}.9`} variant="light" data-status={status}>
      {shown.text}
    </Badge>
  );
}
