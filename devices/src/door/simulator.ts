// A door in memory that behaves like the club-room lock: the relay takes a moment to open and close again,
// the controller is sometimes unreachable (a configurable share of commands), and it can be switched off
// entirely (a controller without power). Idempotent by request id, as the real driver must be.
import type { DeviceOutcome, DoorCommand } from '@club/workers/device-commands';
import { DeviceOfflineError } from '../driver.ts';
import type { DoorDriver } from './driver.ts';

/** What happened at the simulated door, in order. */
export type DoorEvent =
  | { kind: 'opened'; requestId: string; at: Date }
  | { kind: 'refused_offline'; requestId: string; at: Date }
  | { kind: 'unreachable'; requestId: string; at: Date }
  | { kind: 'went_offline'; at: Date }
  | { kind: 'came_online'; at: Date };

export interface DoorSimulatorOptions {
  /** The simulator's clock; tests pass a fixed one. */
  now?: () => Date;
  /** Starts unreachable, as a door controller that has lost power. */
  offline?: boolean;
  /** How long the relay takes to open the lock (ms); 0 in unit tests. Default 300. */
  relayDelayMs?: number;
  /** Share of commands (0 to 1) the controller does not answer, as a flaky network would. Default 0. */
  unreachableRate?: number;
  /** The random source for `unreachableRate`; tests pass a fixed one. */
  random?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DoorSimulator implements DoorDriver {
  readonly device = 'door' as const;
  readonly #now: () => Date;
  readonly #events: DoorEvent[] = [];
  /** First outcome per request id, so a replayed command does not open the door twice. */
  readonly #outcomes = new Map<string, DeviceOutcome>();
  readonly #relayDelayMs: number;
  readonly #unreachableRate: number;
  readonly #random: () => number;
  #online: boolean;
  #openNow = false;

  constructor(options: DoorSimulatorOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#online = !options.offline;
    this.#relayDelayMs = options.relayDelayMs ?? 300;
    this.#unreachableRate = options.unreachableRate ?? 0;
    this.#random = options.random ?? Math.random;
    if (!(this.#unreachableRate >= 0 && this.#unreachableRate <= 1))
      throw new Error(`unreachableRate must be between 0 and 1, got ${this.#unreachableRate}`);
  }

  get events(): readonly DoorEvent[] {
    return [...this.#events];
  }

  get online(): boolean {
    return this.#online;
  }

  /** Whether the lock is released right now (for the heartbeat's status). */
  get open(): boolean {
    return this.#openNow;
  }

  /** Requests whose command opened the door, in order. */
  openedRequestIds(): string[] {
    return this.#events.flatMap((event) => (event.kind === 'opened' ? [event.requestId] : []));
  }

  /** The switch to force the controller offline (or back). */
  setOnline(online: boolean): void {
    if (online !== this.#online) {
      this.#online = online;
      this.#events.push({ kind: online ? 'came_online' : 'went_offline', at: this.#now() });
    }
  }

  async execute(command: DoorCommand): Promise<DeviceOutcome> {
    const earlier = this.#outcomes.get(command.requestId);
    if (earlier) return earlier;
    if (!this.#online) {
      this.#events.push({ kind: 'refused_offline', requestId: command.requestId, at: this.#now() });
      throw new DeviceOfflineError(this.device);
    }
    if (this.#unreachableRate > 0 && this.#random() < this.#unreachableRate) {
      this.#events.push({ kind: 'unreachable', requestId: command.requestId, at: this.#now() });
      throw new DeviceOfflineError(this.device);
    }
    switch (command.action) {
      case 'open':
        break;
      default: {
        const unknownAction: never = command.action;
        throw new Error(`door simulator cannot ${String(unknownAction)}`);
      }
    }
    // The relay releases the lock, and the lock closes again a few seconds later by itself.
    if (this.#relayDelayMs > 0) await sleep(this.#relayDelayMs);
    const at = this.#now();
    this.#events.push({ kind: 'opened', requestId: command.requestId, at });
    this.#openNow = true;
    setTimeout(() => {
      this.#openNow = false;
    }, 3_000).unref();
    const outcome: DeviceOutcome = {
      device: this.device,
      action: command.action,
      requestId: command.requestId,
      completedAt: at.toISOString(),
    };
    this.#outcomes.set(command.requestId, outcome);
    // Bounded memory in a long-running host: the queue's retention keeps job ids for a day at most.
    if (this.#outcomes.size > 10_000) this.#outcomes.delete(this.#outcomes.keys().next().value!);
    if (this.#events.length > 10_000) this.#events.splice(0, this.#events.length - 10_000);
    return outcome;
  }

  async close(): Promise<void> {}
}
