// The sensor simulator: the darkroom's daily curve (coolest before dawn, warmest mid-afternoon, humidity the
// other way round), a little noise, and gaps where the sensor does not answer. SENSOR_GAP_RATE (0 to 1,
// default 0.02), SENSOR_OFFSET_C (added to the temperature: 8 makes the room too hot) and
// SENSOR_OFFLINE=1 (every read is a gap) shape it.
import type { SensorDriver } from './driver.ts';

export interface SensorSimulatorOptions {
  sensor: string;
  gapRate: number;
  offsetCelsius: number;
  offline: boolean;
  /** Deterministic noise for tests. */
  random: () => number;
}

const TAIPEI_OFFSET_MS = 8 * 3600_000;

/** The curve without noise: 21.5 ± 2 °C and 58 ∓ 7 % over a Taipei day, warmest at 15:00. */
export function dailyCurve(at: Date): { temperature: number; humidity: number } {
  const hour = ((at.getTime() + TAIPEI_OFFSET_MS) % 86_400_000) / 3_600_000;
  const phase = Math.cos(((hour - 15) / 24) * 2 * Math.PI);
  return { temperature: 21.5 + 2 * phase, humidity: 58 - 7 * phase };
}

export function sensorSimulatorOptionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): Partial<SensorSimulatorOptions> {
  const gap = Number(environment.SENSOR_GAP_RATE);
  const offset = Number(environment.SENSOR_OFFSET_C);
  return {
    ...(environment.SENSOR_GAP_RATE?.trim() && gap >= 0 && gap <= 1 ? { gapRate: gap } : {}),
    ...(environment.SENSOR_OFFSET_C?.trim() && Number.isFinite(offset) ? { offsetCelsius: offset } : {}),
    offline: environment.SENSOR_OFFLINE === '1',
  };
}

export class SensorSimulator implements SensorDriver {
  readonly description = 'simulator';
  readonly sensor: string;
  private readonly options: SensorSimulatorOptions;

  constructor(options: Partial<SensorSimulatorOptions> = {}) {
    this.options = {
      sensor: 'darkroom',
      gapRate: 0.02,
      offsetCelsius: 0,
      offline: false,
      random: Math.random,
      ...options,
    };
    this.sensor = this.options.sensor;
  }

  /** The reading at `at` (also used by the demo to fill past days), or null for a gap. */
  sample(at: Date): { temperature: number; humidity: number } | null {
    if (this.options.offline || this.options.random() < this.options.gapRate) return null;
    const curve = dailyCurve(at);
    const noise = () => (this.options.random() - 0.5) * 0.4;
    return {
      temperature: Math.round((curve.temperature + this.options.offsetCelsius + noise()) * 100) / 100,
      humidity: Math.round(Math.min(100, Math.max(0, curve.humidity + noise() * 5)) * 100) / 100,
    };
  }

  async read(at: Date) {
    return this.sample(at);
  }

  async close(): Promise<void> {}
}
