import type { DoorCommand, DeviceOutcome } from '@club/workers/device-commands';
import { type DeviceDriver, DeviceOfflineError } from './driver.ts';

/** What happened at the simulated door, in order. */
export type DoorEvent =
  | { kind: 'opened'; requestId: string; at: Date }
  | { kind: 'refused_offline'; requestId: string; at: Date }
  | { kind: 'went_offline'; at: Date }
  | { kind: 'came_online'; at: Date };

export interface DoorSimulatorOptions {
  /** The simulator's clock; tests pass a fixed one. */
  now?: () => Date;
  /** Starts unreachable, as a door controller that has lost power. */
  offline?: boolean;
}

/** A door in memory: opens on command, remembers what it did, and can be told to be offline. */
export class DoorSimulator implements DeviceDriver<'door'> {
  readonly device = 'door' as const;
  readonly #now: () => Date;
  readonly #events: DoorEvent[] = [];
  /** First outcome per request id, so a replayed command does not open the door twice. */
  readonly #outcomes = new Map<string, DeviceOutcome>();
  #online: boolean;

  constructor(options: DoorSimulatorOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#online = !options.offline;
  }

  get events(): readonly DoorEvent[] {
    return [...this.#events];
  }

  get online(): boolean {
    return this.#online;
  }

  /** Requests whose command opened the door, in order. */
  openedRequestIds(): string[] {
    return this.#events.flatMap((event) => (event.kind === 'opened' ? [event.requestId] : []));
  }

  setOnline(online: boolean): void {
    if (online !== this.#online) {
      this.#online = online;
      this.#events.push({ kind: online ? 'came_online' : 'went_offline', at: this.#now() });
    }
  }

  async execute(command: DoorCommand): Promise<DeviceOutcome> {
    const earlier = this.#outcomes.get(command.requestId);
    if (earlier) {
      return earlier;
    }
    const at = this.#now();
    if (!this.#online) {
      this.#events.push({ kind: 'refused_offline', requestId: command.requestId, at });
      throw new DeviceOfflineError(this.device);
    }
    switch (command.action) {
      case 'open':
        this.#events.push({ kind: 'opened', requestId: command.requestId, at });
        break;
      default: {
        const unknownAction: never = command.action;
        throw new Error(`door simulator cannot ${String(unknownAction)}`);
      }
    }
    const outcome: DeviceOutcome = {
      device: this.device,
      action: command.action,
      requestId: command.requestId,
      completedAt: at.toISOString(),
    };
    this.#outcomes.set(command.requestId, outcome);
    return outcome;
  }

  async close(): Promise<void> {}
}
