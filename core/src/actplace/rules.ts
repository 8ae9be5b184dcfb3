// The room-booking helper (AdminActPlace, document 3): staff enter wishes for university rooms, and at the
// moment the university's booking opens a worker books them, trying each wish's choices in order.

/** The university's booking opens at this Taipei wall-clock time every day. */
export const BOOKING_OPENS_AT = '10:00:00';
export const BOOKING_OPENS_HOUR = 10;
/** Choices (rooms) per wish, tried in order. */
export const MAX_CHOICES = 6;
/** A booked room must be verified on the university's site within this many days. */
export const VERIFY_WITHIN_DAYS = 14;
/** The page polls this often. */
export const POLL_INTERVAL_MS = 3000;
/** The page warns that the worker cannot connect when its last heartbeat is older than this. */
export const WORKER_STALE_MS = 5000;

/** A booking time slot of the university's rooms (Taipei wall-clock times). */
export const timeslots = ['morning', 'afternoon', 'evening'] as const;
export type Timeslot = (typeof timeslots)[number];
export const timeslotHours: Record<Timeslot, { from: string; to: string }> = {
  morning: { from: '08:00', to: '12:00' },
  afternoon: { from: '13:00', to: '17:00' },
  evening: { from: '18:00', to: '22:00' },
};

/**
 * The university's rooms the club books, by building (the real list lives on the university's site and is
 * not in the spec: these are the ones the club uses; the simulator offers the same). `slots` are the time
 * slots the building lends (buildingTimeMap).
 */
export const buildings = [
  {
    key: 'sac',
    nameZh: '學生活動中心',
    nameEn: 'Student Activity Center',
    slots: ['morning', 'afternoon', 'evening'],
    rooms: [
      { key: 'sac-101', nameZh: '活動中心 101', nameEn: 'SAC 101' },
      { key: 'sac-102', nameZh: '活動中心 102', nameEn: 'SAC 102' },
      { key: 'sac-201', nameZh: '活動中心 201', nameEn: 'SAC 201' },
      { key: 'sac-202', nameZh: '活動中心 202', nameEn: 'SAC 202' },
    ],
  },
  {
    key: 'general',
    nameZh: '普通教學館',
    nameEn: 'General Classroom Building',
    slots: ['evening'],
    rooms: [
      { key: 'gen-101', nameZh: '普通 101', nameEn: 'General 101' },
      { key: 'gen-102', nameZh: '普通 102', nameEn: 'General 102' },
      { key: 'gen-201', nameZh: '普通 201', nameEn: 'General 201' },
    ],
  },
  {
    key: 'library',
    nameZh: '總圖書館',
    nameEn: 'Main Library',
    slots: ['morning', 'afternoon'],
    rooms: [
      { key: 'lib-b1', nameZh: '總圖 B1 討論室', nameEn: 'Library B1 room' },
      { key: 'lib-4f', nameZh: '總圖 4F 研討室', nameEn: 'Library 4F room' },
    ],
  },
] as const satisfies readonly {
  key: string;
  nameZh: string;
  nameEn: string;
  slots: readonly Timeslot[];
  rooms: readonly { key: string; nameZh: string; nameEn: string }[];
}[];

export type RoomKey = (typeof buildings)[number]['rooms'][number]['key'];
const roomBuilding = new Map<string, (typeof buildings)[number]>(
  buildings.flatMap((building) => building.rooms.map((room) => [room.key, building] as const)),
);

/** Whether `room` exists and its building lends `timeslot`. */
export function roomOffers(room: string, timeslot: Timeslot): boolean {
  const building = roomBuilding.get(room);
  return building !== undefined && (building.slots as readonly string[]).includes(timeslot);
}

export const isRoom = (room: string): boolean => roomBuilding.has(room);

/** Milliseconds from `now` to the next opening of the booking (10:00:00 Taipei, which is 02:00:00 UTC). */
export function msUntilNextOpening(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(BOOKING_OPENS_HOUR - 8, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
