import { useLingui } from '@lingui/react/macro';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { instantOf, SLOT_MINUTES } from '@club/core/reservations/rules';
import type { ReservationRow, Room } from '../api/reserve';
import { hhmm, holderOf, slotMinutes } from '../lib/grid';

interface Props {
  day: string;
  rooms: Room[];
  reservations: ReservationRow[];
  now: Date;
  /** The reservation being changed, marked in the grid. */
  selectedPk: string | null;
  onFreeSlot: (room: string, minute: number) => void;
  onReservation: (row: ReservationRow) => void;
}

const cell = { border: '1px solid var(--mantine-color-gray-3)', padding: 0, height: 30 } as const;

/**
 * One day of the grid: a row per half-hour slot, a column per room. Free slots are buttons (a click
 * starts a reservation of 2 hours there); a reservation shows its holder in its first slot, grey with
 * its comment for a staff entry; one's own are coloured and open for change.
 */
export function ReserveGrid({ day, rooms, reservations, now, selectedPk, onFreeSlot, onReservation }: Props) {
  const { t } = useLingui();
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label={t`預約表`} role="region">
      <table
        style={{
          borderCollapse: 'collapse',
          width: '100%',
          tableLayout: 'fixed',
          minWidth: 60 + rooms.length * 80,
        }}
      >
        <thead>
          <tr>
            <th style={{ width: 52 }}>
              <Text size="xs" c="dimmed">
                {day.slice(5)}
              </Text>
            </th>
            {rooms.map((room) => (
              <th key={room.key} scope="col">
                <Text size="sm" fw={600} lineClamp={2}>
                  {room.name}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slotMinutes.map((minute) => {
            const past = instantOf(day, minute + SLOT_MINUTES).getTime() <= now.getTime();
            return (
              <tr key={minute}>
                <th scope="row" style={{ ...cell, fontWeight: 400 }}>
                  <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {hhmm(minute)}
                  </Text>
                </th>
                {rooms.map((room) => {
                  const holder = holderOf(reservations, room.key, day, minute);
                  const label = `${room.name} ${hhmm(minute)}`;
                  if (!holder)
                    return (
                      <td
                        key={room.key}
                        style={{ ...cell, background: past ? 'var(--mantine-color-gray-1)' : undefined }}
                      >
                        {!past && (
                          <UnstyledButton
                            w="100%"
                            h="100%"
                            aria-label={t`預約 ${label}`}
                            onClick={() => onFreeSlot(room.key, minute)}
                          />
                        )}
                      </td>
                    );
                  const first = holderOf([holder], room.key, day, minute - SLOT_MINUTES) === undefined;
                  const background = holder.staff
                    ? 'var(--mantine-color-gray-4)'
                    : holder.editable
                      ? 'var(--mantine-color-teal-2)'
                      : 'var(--mantine-color-blue-1)';
                  const text = holder.staff ? holder.comment || holder.user.name : holder.user.name;
                  return (
                    <td
                      key={room.key}
                      style={{
                        ...cell,
                        background,
                        outline:
                          holder.pk === selectedPk ? '2px solid var(--mantine-color-teal-8)' : undefined,
                      }}
                    >
                      <UnstyledButton
                        w="100%"
                        h="100%"
                        px={4}
                        disabled={!holder.editable}
                        aria-label={holder.editable ? t`修改 ${label} ${text}` : `${label} ${text}`}
                        onClick={() => onReservation(holder)}
                      >
                        {first && (
                          <Text size="xs" lineClamp={1} c={holder.staff ? 'gray.8' : undefined}>
                            {text}
                          </Text>
                        )}
                      </UnstyledButton>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Box>
  );
}
