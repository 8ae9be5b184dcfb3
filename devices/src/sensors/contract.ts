// The sensor host's contract with the portal: every reading becomes one job on the `sensor-reading` queue,
// which the API process consumes into the readings table (DATA_DIR/sensors.sqlite3).
import { z } from 'zod';

export const SENSOR_READING_QUEUE = 'sensor-reading';

export const sensorReadingSchema = z.object({
  sensor: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  /** When the reading was taken (ISO instant). */
  at: z.iso.datetime(),
  /** Degrees Celsius and percent relative humidity, as the sensor reports them. */
  temperature: z.number(),
  humidity: z.number(),
});
export type SensorReadingJob = z.infer<typeof sensorReadingSchema>;

/** One job per sensor and moment, so a reading re-sent after a lost acknowledgement is stored once. */
export const sensorReadingJobId = (reading: SensorReadingJob) =>
  `${reading.sensor}-${Date.parse(reading.at)}`;
