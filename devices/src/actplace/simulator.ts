// The university's booking site in memory: every room of core's catalogue, lent in its building's slots,
// first come first served; some rooms can start taken (ACTPLACE_TAKEN: room keys, or room@date@slot), and
// the site can be unreachable (ACTPLACE_OFFLINE=1). A short delay per request stands in for the network.
import { roomOffers, type Timeslot, timeslots } from '@club/core/actplace/rules';
import { DeviceOfflineError } from '../driver.ts';
import type { BookingSite, RoomAnswer } from './driver.ts';

export interface BookingSiteSimulatorOptions {
  /** Rooms already taken: 'room' (every date and slot) or 'room@YYYY-MM-DD@slot'. */
  taken?: readonly string[];
  offline?: boolean;
  /** Per request (ms); default 50. */
  delayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class BookingSiteSimulator implements BookingSite {
  readonly #taken = new Set<string>();
  readonly #delayMs: number;
  /** Who holds what: `room@date@slot` -> the activity's name. */
  readonly bookings = new Map<string, string>();
  offline: boolean;
  logins = 0;

  constructor(options: BookingSiteSimulatorOptions = {}) {
    for (const entry of options.taken ?? []) this.#taken.add(entry);
    this.offline = options.offline ?? false;
    this.#delayMs = options.delayMs ?? 50;
  }

  async login(account: string, _password: string): Promise<void> {
    await sleep(this.#delayMs);
    if (this.offline) throw new DeviceOfflineError('actplace');
    if (account === '') throw new Error('the booking site refused an empty account');
    this.logins += 1;
  }

  async bookRoom(input: { room: string; date: string; timeslot: string; name: string }): Promise<RoomAnswer> {
    await sleep(this.#delayMs);
    if (this.offline) throw new DeviceOfflineError('actplace');
    const slot = input.timeslot as Timeslot;
    if (!(timeslots as readonly string[]).includes(slot) || !roomOffers(input.room, slot)) return 'closed';
    const key = `${input.room}@${input.date}@${slot}`;
    if (this.#taken.has(input.room) || this.#taken.has(key) || this.bookings.has(key)) return 'taken';
    this.bookings.set(key, input.name);
    return 'booked';
  }
}

/** The simulator's settings from the environment: ACTPLACE_TAKEN (comma-separated), ACTPLACE_OFFLINE=1. */
export function bookingSiteOptionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): BookingSiteSimulatorOptions {
  const taken = (environment.ACTPLACE_TAKEN ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return { taken, offline: environment.ACTPLACE_OFFLINE === '1' };
}
