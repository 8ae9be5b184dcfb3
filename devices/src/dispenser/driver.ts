// The dispenser's hardware as the host drives it: one peristaltic pump per ingredient line and a scale
// under the target tank. The real driver (GPIO relays and a HX711 load cell) and the simulator both
// implement this; the control loop itself is core/src/dispenser/rules.ts.
export interface DispenserHardware {
  readonly description: string;
  /** Zeroes the scale before an ingredient. Throws DeviceOfflineError when the dispenser does not answer. */
  tare(): Promise<void>;
  setPump(ingredient: string, on: boolean): Promise<void>;
  /** Millilitres on the scale since the last tare (1 g = 1 ml for these dilute solutions). */
  readScale(): Promise<number>;
  /** Whether the panel's stop button was pressed since the run began (cleared by `beginRun`). */
  stopPressed(): boolean;
  beginRun(): void;
  close(): Promise<void>;
}
