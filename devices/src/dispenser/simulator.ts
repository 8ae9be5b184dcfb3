// The dispenser simulator: pumps that pour about 20 ml a step and slow down near the target, a scale with a
// little noise, and every way a run can fail. DISPENSER_FAIL (weightdrop, limitexceed, aborted, unreachable)
// makes every run fail that way; the control port (POST /fail {"mode": ...}) makes only the next run fail,
// POST /stop presses the stop button, POST /start {"userPk", "formula", "volume", "target"} starts a run at
// the panel. DISPENSER_TICK_MS (default 100) is the time between two scale readings.
import { DeviceOfflineError } from '../driver.ts';
import type { DispenserHardware } from './driver.ts';

export const DISPENSER_FAILURES = ['weightdrop', 'limitexceed', 'aborted', 'unreachable'] as const;
export type DispenserFailure = (typeof DISPENSER_FAILURES)[number];

export interface DispenserSimulatorOptions {
  /** Every run fails this way (DISPENSER_FAIL). */
  failEvery: DispenserFailure | null;
  tickMs: number;
  random: () => number;
}

export function dispenserSimulatorOptionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): Partial<DispenserSimulatorOptions> {
  const fail = environment.DISPENSER_FAIL?.trim();
  const tick = Number(environment.DISPENSER_TICK_MS);
  return {
    ...(fail && (DISPENSER_FAILURES as readonly string[]).includes(fail)
      ? { failEvery: fail as DispenserFailure }
      : {}),
    ...(environment.DISPENSER_TICK_MS?.trim() && Number.isInteger(tick) && tick >= 0 ? { tickMs: tick } : {}),
  };
}

const FLOW_ML_PER_STEP = 20;

export class DispenserSimulator implements DispenserHardware {
  readonly description = 'simulator';
  readonly tickMs: number;
  private readonly options: DispenserSimulatorOptions;
  private nextFailure: DispenserFailure | null = null;
  private runFailure: DispenserFailure | null = null;
  private poured = 0;
  private pumpOn = false;
  private readings = 0;
  private stop = false;
  private target = 0;

  constructor(options: Partial<DispenserSimulatorOptions> = {}) {
    this.options = { failEvery: null, tickMs: 100, random: Math.random, ...options };
    this.tickMs = this.options.tickMs;
  }

  /** The next run fails this way (the control port's POST /fail). */
  failNext(mode: DispenserFailure): void {
    this.nextFailure = mode;
  }

  pressStop(): void {
    this.stop = true;
  }

  beginRun(): void {
    this.stop = false;
    this.runFailure = this.nextFailure ?? this.options.failEvery;
    this.nextFailure = null;
  }

  /** The simulator learns each ingredient's target from the host (a real pump line has no such input). */
  expect(targetvolume: number): void {
    this.target = targetvolume;
  }

  async tare(): Promise<void> {
    if (this.runFailure === 'unreachable') throw new DeviceOfflineError('dispenser');
    this.poured = 0;
    this.readings = 0;
  }

  async setPump(_ingredient: string, on: boolean): Promise<void> {
    this.pumpOn = on;
  }

  async readScale(): Promise<number> {
    this.readings += 1;
    if (this.runFailure === 'aborted' && this.readings === 4) this.stop = true;
    if (this.runFailure === 'weightdrop' && this.readings === 4) {
      // Someone lifts the tank: the scale reads far less than was poured.
      this.poured = Math.max(0, this.poured - 20);
      return this.poured;
    }
    if (this.pumpOn) {
      const remaining = this.target - this.poured;
      const step = Math.min(FLOW_ML_PER_STEP, Math.max(0.6, remaining * 0.6));
      this.poured += step;
    } else if (this.runFailure === 'limitexceed') {
      // A valve that sticks open keeps pouring after the pump stopped.
      this.poured += FLOW_ML_PER_STEP;
    }
    const noise = (this.options.random() - 0.5) * 0.2;
    return Math.round((this.poured + noise) * 10) / 10;
  }

  stopPressed(): boolean {
    return this.stop;
  }

  async close(): Promise<void> {}
}
