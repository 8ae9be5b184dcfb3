import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

/** A run's or an ingredient's status (document 3, section 4) as a coloured badge. */
export function DispenseStatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  const texts: Record<string, { text: string; color: string }> = {
    init: { text: t`等待中`, color: 'gray.8' },
    unreachable: { text: t`無法連線`, color: 'red.9' },
    dispense: { text: t`配藥中`, color: 'blue.9' },
    aborted: { text: t`已中止`, color: 'grape.9' },
    weightdrop: { text: t`重量下降`, color: 'red.9' },
    limitexceed: { text: t`超過上限`, color: 'red.9' },
    finish: { text: t`完成`, color: 'teal.9' },
  };
  const shown = texts[status] ?? { text: status, color: 'gray.8' };
  return (
    // Filled in dark shades: white text on them keeps WCAG AA contrast (light badges and green.9 did not).
    // Never narrower than its text: a squeezed table cell cut it to an ellipsis on phones.
    <Badge color={shown.color} data-status={status} style={{ minWidth: 'max-content' }}>
      {shown.text}
    </Badge>
  );
}
