import { useLingui } from '@lingui/react/macro';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { layoutMonth } from '@club/core/calendar/layout';
import type { CalendarEntry } from '../api/calendar';
import { entryStyle } from '../lib/colours';

const LANE_HEIGHT_PX = 22;
const DAY_NUMBER_HEIGHT_PX = 26;

function DayNumber(props: { number: number; isToday: boolean; inMonth: boolean }) {
  return (
    <Text
      component="span"
      size="sm"
      fw={props.isToday ? 700 : 400}
      c={props.isToday ? 'white' : props.inMonth ? undefined : 'dimmed'}
      bg={props.isToday ? 'blue.8' : undefined}
      px={props.isToday ? 6 : 0}
      style={{ borderRadius: 12, display: 'inline-block' }}
    >
      {props.number}
    </Text>
  );
}

/**
 * The month grid (document 1: Calendar): Sunday first, 4 to 6 weeks, today marked, entries as bars laid
 * out by core's layoutMonth (split per week, no overlap, longer first). Staff click a day to create and a
 * bar to edit; everyone else sees the bars only.
 */
export function MonthGrid(props: {
  year: number;
  month: number;
  today: string;
  entries: CalendarEntry[];
  canEdit: boolean;
  onDay: (day: string) => void;
  onEntry: (entry: CalendarEntry) => void;
}) {
  const { t } = useLingui();
  const grid = layoutMonth(props.year, props.month, props.entries);
  const monthPrefix = `${props.year}-${String(props.month).padStart(2, '0')}`;
  const weekdays = [t`日`, t`一`, t`二`, t`三`, t`四`, t`五`, t`六`];
  return (
    <Box component="section" aria-label={t`月曆`} style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)' }}>
        {weekdays.map((name) => (
          <Text key={name} ta="center" size="sm" fw={600} py={4} bg="gray.0">
            {name}
          </Text>
        ))}
      </Box>
      {grid.weeks.map((week) => (
        <Box
          key={week.days[0]}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(7, 1fr)',
            gridTemplateRows: `${DAY_NUMBER_HEIGHT_PX}px repeat(${week.laneCount}, ${LANE_HEIGHT_PX}px) 1fr`,
            minHeight: DAY_NUMBER_HEIGHT_PX + Math.max(3, week.laneCount + 1) * LANE_HEIGHT_PX,
            borderTop: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          {week.days.map((day, column) => {
            const isToday = day === props.today;
            const inMonth = day.startsWith(monthPrefix);
            const number = Number(day.slice(8));
            const cellStyle = {
              gridColumn: column + 1,
              gridRow: '1 / -1',
              borderLeft: column === 0 ? undefined : '1px solid var(--mantine-color-gray-2)',
              background: inMonth ? undefined : 'var(--mantine-color-gray-0)',
              padding: '2px 4px',
              alignSelf: 'stretch',
              // A button centres its content: the day number belongs at the top, above the bars.
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              justifyContent: 'flex-start',
            } as const;
            return props.canEdit ? (
              <UnstyledButton
                key={day}
                aria-label={t`新增 ${day} 的活動`}
                aria-current={isToday ? 'date' : undefined}
                data-day={day}
                onClick={() => props.onDay(day)}
                style={cellStyle}
              >
                <DayNumber number={number} isToday={isToday} inMonth={inMonth} />
              </UnstyledButton>
            ) : (
              <Box key={day} aria-current={isToday ? 'date' : undefined} data-day={day} style={cellStyle}>
                <DayNumber number={number} isToday={isToday} inMonth={inMonth} />
              </Box>
            );
          })}
          {week.bars.map((bar) => {
            const style = {
              ...entryStyle(bar.entry.colorindex),
              gridColumn: `${bar.startColumn + 1} / ${bar.endColumn + 2}`,
              gridRow: bar.lane + 2,
              zIndex: 1,
              margin: '1px 2px',
              padding: '0 4px',
              fontSize: 12,
              lineHeight: `${LANE_HEIGHT_PX - 2}px`,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              borderRadius: 3,
              borderTopLeftRadius: bar.continuesBefore ? 0 : 3,
              borderBottomLeftRadius: bar.continuesBefore ? 0 : 3,
              borderTopRightRadius: bar.continuesAfter ? 0 : 3,
              borderBottomRightRadius: bar.continuesAfter ? 0 : 3,
            } as const;
            const title = bar.entry.title.split('\n')[0];
            return props.canEdit ? (
              <UnstyledButton
                key={`${bar.entry.pk}-${week.days[0]}`}
                data-entry={bar.entry.pk}
                title={bar.entry.title}
                onClick={() => props.onEntry(bar.entry)}
                style={style}
              >
                {title}
              </UnstyledButton>
            ) : (
              <Box
                key={`${bar.entry.pk}-${week.days[0]}`}
                data-entry={bar.entry.pk}
                title={bar.entry.title}
                style={style}
              >
                {title}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
