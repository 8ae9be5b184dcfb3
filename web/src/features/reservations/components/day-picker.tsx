import { useLingui } from '@lingui/react/macro';
import { Button, Group, ScrollArea } from '@mantine/core';
import { instantOf } from '@club/core/reservations/rules';

/** The 15 days as a row of buttons that scrolls sideways on a phone. */
export function DayPicker({
  days,
  day,
  onChange,
}: {
  days: string[];
  day: string;
  onChange: (day: string) => void;
}) {
  const { t, i18n } = useLingui();
  const weekday = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en' : 'zh-TW', {
    weekday: 'short',
    timeZone: 'Asia/Taipei',
  });
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label={t`選擇日期`}>
      <Group gap={6} wrap="nowrap">
        {days.map((value) => (
          <Button
            key={value}
            size="compact-md"
            variant={value === day ? 'filled' : 'light'}
            aria-pressed={value === day}
            onClick={() => onChange(value)}
            style={{ flexShrink: 0 }}
          >
            {`${value.slice(5).replace('-', '/')} ${weekday.format(instantOf(value, 12 * 60))}`}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
}
