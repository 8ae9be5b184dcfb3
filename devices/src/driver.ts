import type { DeviceCommandFor, DeviceName, DeviceOutcome } from '@club/workers/device-commands';

/**
 * What an agent needs from the thing it drives: a real device behind a serial port or a network, or a
 * simulator in development and tests.
 */
export interface DeviceDriver<Device extends DeviceName = DeviceName> {
  readonly device: Device;
  /**
   * Carries out one command. Must be idempotent by `requestId`: a command replayed after a crash or a
   * retry returns the first outcome without acting again. Throws {@link DeviceOfflineError} when the
   * device cannot be reached, so the job is retried.
   */
  execute(command: DeviceCommandFor<Device>): Promise<DeviceOutcome>;
  /** Releases the port, socket or timers the driver holds. */
  close(): Promise<void>;
}

/** The device did not answer; the command may succeed on a later attempt. */
export class DeviceOfflineError extends Error {
  override readonly name = 'DeviceOfflineError';
  constructor(readonly device: DeviceName) {
    super(`${device} is offline`);
  }
}
