import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { monthAgenda } from '@club/core/calendar/layout';
import type { CalendarEntry } from '../api/calendar';
import { entryStyle } from '../lib/colours';

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8))}`;

/** On a phone: the month's entries as a list instead of a cramped grid; staff tap one to edit it. */
export function AgendaList(props: {
  year: number;
  month: number;
  today: string;
  entries: CalendarEntry[];
  canEdit: boolean;
  onEntry: (entry: CalendarEntry) => void;
}) {
  const { t } = useLingui();
  const agenda = monthAgenda(props.year, props.month, props.entries);
  if (agenda.length === 0)
    return (
      <Text c="dimmed">
        <Trans>這個月沒有活動</Trans>
      </Text>
    );
  return (
    <Stack gap={6} component="ul" aria-label={t`本月活動`} p={0} m={0} style={{ listStyle: 'none' }}>
      {agenda.map((entry) => {
        const ongoing = entry.start <= props.today && props.today <= entry.end;
        const content = (
          <Group
            wrap="nowrap"
            gap="sm"
            align="flex-start"
            p="xs"
            style={{ ...entryStyle(entry.colorindex), borderRadius: 4 }}
          >
            <Text size="sm" fw={600} miw={84} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {entry.start === entry.end
                ? dayLabel(entry.start)
                : `${dayLabel(entry.start)}–${dayLabel(entry.end)}`}
            </Text>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {entry.title}
              </Text>
              <Group gap={4} mt={2}>
                {entry.staff && (
                  <Badge size="xs" color="gray" variant="outline">
                    <Trans>僅幹部</Trans>
                  </Badge>
                )}
                {ongoing && (
                  <Badge size="xs" color="blue.8">
                    <Trans>今天</Trans>
                  </Badge>
                )}
              </Group>
            </Box>
          </Group>
        );
        return (
          <li key={entry.pk} data-entry={entry.pk}>
            {props.canEdit ? (
              <UnstyledButton
                w="100%"
                onClick={() => props.onEntry(entry)}
                aria-label={t`編輯 ${entry.title}`}
              >
                {content}
              </UnstyledButton>
            ) : (
              content
            )}
          </li>
        );
      })}
    </Stack>
  );
}
