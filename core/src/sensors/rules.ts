// Temperature and humidity of the darkroom (document 3: AdminSystemTempRH, Sensor). Pure rules: the range
// film and paper tolerate, the Taipei day a chart shows, rounding, and the downsampling of old readings.

/** The sensors the portal knows; the spec fetches only `darkroom`. */
export const SENSOR_KEYS = ['darkroom'] as const;
export type SensorKey = (typeof SENSOR_KEYS)[number];
export const SENSOR_NAMES: Record<SensorKey, string> = { darkroom: '暗房' };

export const METRICS = ['temperature', 'humidity'] as const;
export type Metric = (typeof METRICS)[number];

/**
 * What the darkroom may be before it is a system status problem: chemistry is made for 20 °C and works
 * from about 18 to 26 °C; above 70 % relative humidity film and paper curl and grow mould.
 */
export const TEMPERATURE_RANGE_C = { min: 16, max: 28 } as const;
export const HUMIDITY_RANGE_PERCENT = { min: 30, max: 70 } as const;

/** A current value older than this is "temporarily unavailable" (the host reports every minute). */
export const CURRENT_VALUE_MAX_AGE_MS = 5 * 60_000;

/** Raw readings are kept 30 days; older ones are averaged into 15-minute buckets kept two years. */
export const RAW_KEEP_MS = 30 * 24 * 3600_000;
export const DOWNSAMPLED_BUCKET_MS = 15 * 60_000;
export const KEEP_MS = 2 * 365 * 24 * 3600_000;

const TAIPEI_OFFSET_MS = 8 * 3600_000;

export interface Reading {
  sensor: string;
  /** Epoch ms. */
  at: number;
  temperature: number;
  humidity: number;
}

export type RangeProblem = 'too_hot' | 'too_cold' | 'too_humid' | 'too_dry';

/** Why a reading is out of range, or an empty list. */
export function rangeProblems(reading: Pick<Reading, 'temperature' | 'humidity'>): RangeProblem[] {
  const problems: RangeProblem[] = [];
  if (reading.temperature > TEMPERATURE_RANGE_C.max) problems.push('too_hot');
  if (reading.temperature < TEMPERATURE_RANGE_C.min) problems.push('too_cold');
  if (reading.humidity > HUMIDITY_RANGE_PERCENT.max) problems.push('too_humid');
  if (reading.humidity < HUMIDITY_RANGE_PERCENT.min) problems.push('too_dry');
  return problems;
}

export const roundTemperature = (celsius: number): number => Math.round(celsius * 10) / 10;
export const roundHumidity = (percent: number): number => Math.round(percent);

/** The Taipei calendar day [start, end) in epoch ms; null for a date that does not exist. */
export function taipeiDayBounds(
  yyyy: number,
  mm: number,
  dd: number,
): { startMs: number; endMs: number } | null {
  if (!Number.isInteger(yyyy) || !Number.isInteger(mm) || !Number.isInteger(dd)) return null;
  if (yyyy < 2000 || yyyy > 2100 || mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const utc = Date.UTC(yyyy, mm - 1, dd);
  const check = new Date(utc);
  if (check.getUTCMonth() !== mm - 1 || check.getUTCDate() !== dd) return null;
  const startMs = utc - TAIPEI_OFFSET_MS;
  return { startMs, endMs: startMs + 24 * 3600_000 };
}

/** Today's date in Taipei as [yyyy, mm, dd]. */
export function taipeiDate(now: Date): [number, number, number] {
  const local = new Date(now.getTime() + TAIPEI_OFFSET_MS);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/** The start of the bucket a reading falls in. */
export const bucketStart = (atMs: number, bucketMs: number = DOWNSAMPLED_BUCKET_MS): number =>
  Math.floor(atMs / bucketMs) * bucketMs;

/** Averages readings per bucket: one reading per bucket at the bucket's start, oldest first. */
export function downsample(
  readings: readonly Reading[],
  bucketMs: number = DOWNSAMPLED_BUCKET_MS,
): Reading[] {
  const buckets = new Map<string, { sensor: string; at: number; t: number; h: number; n: number }>();
  for (const reading of readings) {
    const at = bucketStart(reading.at, bucketMs);
    const key = `${reading.sensor}\u0000${at}`;
    const bucket = buckets.get(key) ?? { sensor: reading.sensor, at, t: 0, h: 0, n: 0 };
    bucket.t += reading.temperature;
    bucket.h += reading.humidity;
    bucket.n += 1;
    buckets.set(key, bucket);
  }
  return [...buckets.values()]
    .map((bucket) => ({
      sensor: bucket.sensor,
      at: bucket.at,
      temperature: Math.round((bucket.t / bucket.n) * 100) / 100,
      humidity: Math.round((bucket.h / bucket.n) * 100) / 100,
    }))
    .sort((a, b) => a.at - b.at || a.sensor.localeCompare(b.sensor));
}

/** A plausible reading: the sensor's physical range (anything else is a broken sensor, not the room). */
export const isPlausible = (reading: Pick<Reading, 'temperature' | 'humidity'>): boolean =>
  Number.isFinite(reading.temperature) &&
  Number.isFinite(reading.humidity) &&
  reading.temperature >= -40 &&
  reading.temperature <= 85 &&
  reading.humidity >= 0 &&
  reading.humidity <= 100;
