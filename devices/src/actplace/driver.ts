// What the booking host drives: the university's room-booking site, behind a port. The real site is out of
// reach here (it needs the campus network and the club's account), so only the simulator implements it;
// the driver logic (log in once, try the choices in order, stop at the first booked) is shared.
import type { ActPlaceCommand, DeviceOutcome } from '@club/workers/device-commands';
import { DeviceOfflineError, type DeviceDriver } from '../driver.ts';

/** The site's answer to one room: booked for us, taken by someone else, or not lent in that slot. */
export type RoomAnswer = 'booked' | 'taken' | 'closed';

/** The university's booking site as the host sees it. Throws DeviceOfflineError when it cannot be reached. */
export interface BookingSite {
  login(account: string, password: string): Promise<void>;
  bookRoom(input: {
    room: string;
    date: string;
    timeslot: string;
    name: string;
    ntup: number;
  }): Promise<RoomAnswer>;
}

export class ActPlaceDriverMissingError extends Error {
  override readonly name = 'ActPlaceDriverMissingError';
  constructor() {
    super('no driver for the real booking site is built yet; run the actplace host with --simulate');
  }
}

/** Books one wish: tries each choice in order until one is booked. Idempotent by request id. */
export class BookingDriver implements DeviceDriver<'actplace'> {
  readonly device = 'actplace' as const;
  readonly #outcomes = new Map<string, DeviceOutcome>();
  #loggedIn = false;

  constructor(
    private readonly site: BookingSite,
    private readonly account: { account: string; password: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async execute(command: ActPlaceCommand): Promise<DeviceOutcome> {
    const first = this.#outcomes.get(command.requestId);
    if (first) return first;
    if (!this.#loggedIn) {
      await this.site.login(this.account.account, this.account.password);
      this.#loggedIn = true;
    }
    const tried: { room: string; answer: RoomAnswer }[] = [];
    let booked: string | null = null;
    for (const room of command.choicelist) {
      const answer = await this.site.bookRoom({
        room,
        date: command.date,
        timeslot: command.timeslot,
        name: command.name,
        ntup: command.ntup,
      });
      tried.push({ room, answer });
      if (answer === 'booked') {
        booked = room;
        break;
      }
    }
    const outcome: DeviceOutcome = {
      device: 'actplace',
      action: 'book',
      requestId: command.requestId,
      completedAt: this.now().toISOString(),
      detail: { outcome: booked ? 'booked' : 'alltaken', room: booked, tried: JSON.stringify(tried) },
    };
    this.#outcomes.set(command.requestId, outcome);
    return outcome;
  }

  async close(): Promise<void> {}
}

export { DeviceOfflineError };
