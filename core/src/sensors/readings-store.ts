// Where the sensor readings live: a table in its own SQLite file beside the event log
// (DATA_DIR/sensors.sqlite3), not in the log. A reading a minute per sensor is half a million rows a year;
// as events they would replay through every projection at each start for nothing, while a table with the
// primary key (sensor, at) answers a day's series with one index range scan. docs/darkroom-devices.md has
// the choice and the retention: raw for 30 days, then 15-minute averages, two years in all.
import Database from 'better-sqlite3';
import { downsample, KEEP_MS, RAW_KEEP_MS, type Reading } from './rules.ts';

export class SensorReadings {
  private readonly db: Database.Database;
  private readonly insertRaw: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS readings (
        sensor TEXT NOT NULL, at INTEGER NOT NULL, temperature REAL NOT NULL, humidity REAL NOT NULL,
        downsampled INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (sensor, at)
      ) WITHOUT ROWID;`);
    // A reading re-sent after a lost acknowledgement has the same (sensor, at): kept once.
    this.insertRaw = this.db.prepare(
      'INSERT OR IGNORE INTO readings (sensor, at, temperature, humidity) VALUES (?, ?, ?, ?)',
    );
  }

  add(reading: Reading): boolean {
    return this.insertRaw.run(reading.sensor, reading.at, reading.temperature, reading.humidity).changes > 0;
  }

  /** Readings of one sensor in [fromMs, toMs), oldest first. */
  range(sensor: string, fromMs: number, toMs: number): Reading[] {
    return this.db
      .prepare(
        'SELECT sensor, at, temperature, humidity FROM readings WHERE sensor = ? AND at >= ? AND at < ? ORDER BY at',
      )
      .all(sensor, fromMs, toMs) as Reading[];
  }

  latest(sensor: string): Reading | null {
    return (
      (this.db
        .prepare(
          'SELECT sensor, at, temperature, humidity FROM readings WHERE sensor = ? ORDER BY at DESC LIMIT 1',
        )
        .get(sensor) as Reading | undefined) ?? null
    );
  }

  /**
   * Replaces raw readings older than 30 days by their 15-minute averages and drops what is older than two
   * years. One transaction, so a crash leaves either the raw rows or their averages.
   */
  compact(nowMs: number): { downsampled: number; dropped: number } {
    const rawBefore = nowMs - RAW_KEEP_MS;
    return this.db.transaction(() => {
      const dropped = this.db.prepare('DELETE FROM readings WHERE at < ?').run(nowMs - KEEP_MS).changes;
      const old = this.db
        .prepare('SELECT sensor, at, temperature, humidity FROM readings WHERE at < ? AND downsampled = 0')
        .all(rawBefore) as Reading[];
      if (old.length === 0) return { downsampled: 0, dropped };
      // Buckets that already hold an average (a compaction that ran before) are merged with their new rows.
      this.db.prepare('DELETE FROM readings WHERE at < ? AND downsampled = 0').run(rawBefore);
      const insert = this.db.prepare(
        'INSERT INTO readings (sensor, at, temperature, humidity, downsampled) VALUES (?, ?, ?, ?, 1) ON CONFLICT (sensor, at) DO UPDATE SET temperature = (temperature + excluded.temperature) / 2, humidity = (humidity + excluded.humidity) / 2',
      );
      const averaged = downsample(old);
      for (const row of averaged) insert.run(row.sensor, row.at, row.temperature, row.humidity);
      return { downsampled: old.length, dropped };
    })();
  }

  close(): void {
    this.db.close();
  }
}
