// The demo's darkroom reservations: three rooms (暗房 A, 暗房 B, 放大機 1), 林小美's reservation tomorrow
// afternoon and the head's grey staff entry (a class) the day after. Safe to run again: the rooms are
// saved unchanged, and each reservation's request id names its day, so a second run on the same day
// replays it and records nothing new.
import { bookableWindow, taipeiDay, taipeiMidnightOf } from '@club/core/reservations/rules';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

export const DEMO_ROOMS = [
  { key: 'darkroom_a', space: '暗房', name: '暗房 A' },
  { key: 'darkroom_b', space: '暗房', name: '暗房 B' },
  { key: 'enlarger_1', space: '放大機', name: '放大機 1' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function loadDemoReservations(
  services: PortalServices,
  people: { head: number; member: number },
): Promise<void> {
  for (const room of DEMO_ROOMS) {
    const saved = await services.reservations.saveRoom(
      { ...room },
      cliContext(services, `demo-room-${room.key}`),
    );
    if (!saved.ok) throw new Error(`demo room ${room.key} refused`);
  }
  const today = bookableWindow(services.now()).first;
  const dayAfter = (days: number) => taipeiDay(new Date(taipeiMidnightOf(today).getTime() + days * DAY_MS));
  const bookings = [
    {
      who: people.member,
      staff: false,
      staffEntry: false,
      day: dayAfter(1),
      hourRange: [840, 960] as const,
      rooms: ['darkroom_a'],
      comment: '放大黑白照片',
    },
    {
      who: people.head,
      staff: true,
      staffEntry: true,
      day: dayAfter(2),
      hourRange: [1080, 1260] as const,
      rooms: ['darkroom_a', 'darkroom_b'],
      comment: '暗房課程',
    },
  ];
  for (const booking of bookings) {
    const made = await services.reservations.make(
      {
        actor: { pk: booking.who, isStaff: booking.staff },
        staffEntry: booking.staffEntry,
        rooms: booking.rooms,
        day: booking.day,
        hourRange: booking.hourRange,
        comment: booking.comment,
      },
      {
        ...cliContext(services, 'demo-reserve'),
        actor: String(booking.who),
        commandId: `demo-reserve-${booking.who}-${booking.day}`,
      },
    );
    // A refusal (someone took the slot in a running demo folder) leaves the demo usable: say so and go on.
    if (!made.ok) console.warn(`demo reservation on ${booking.day} not made: ${made.reason}`);
  }
}
