// What the door host drives: the relay of the club-room door lock (a real controller on the network), or
// the simulator. Both implement DeviceDriver<'door'>: open by request id, idempotently, or throw
// DeviceOfflineError when the controller does not answer (the job is retried with backoff).
import type { DeviceDriver } from '../driver.ts';

export type DoorDriver = DeviceDriver<'door'>;

/**
 * The real door controller is not part of this issue: the club's relay box and its protocol are not in the
 * spec. A host started without --simulate refuses to start rather than acknowledge opens nothing carries out.
 */
export class DoorDriverMissingError extends Error {
  override readonly name = 'DoorDriverMissingError';
  constructor() {
    super('no real door driver is built yet; run the door host with --simulate');
  }
}
