// A temperature and humidity sensor (a SHT31 on I2C by the darkroom's door, in the club's build). The real
// driver and the simulator both implement this.
export interface SensorDriver {
  /** The sensor's key ('darkroom'). */
  readonly sensor: string;
  readonly description: string;
  /** One reading, or null when the sensor did not answer this time (a gap in the series). */
  read(at: Date): Promise<{ temperature: number; humidity: number } | null>;
  close(): Promise<void>;
}
