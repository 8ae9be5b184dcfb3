import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SensorReadings } from './readings-store.ts';
import { downsample, RAW_KEEP_MS, rangeProblems, taipeiDayBounds, taipeiDate } from './rules.ts';

describe('sensor rules', () => {
  it('flags readings too hot, too cold, too humid or too dry for film', () => {
    expect(rangeProblems({ temperature: 21.3, humidity: 55 })).toEqual([]);
    expect(rangeProblems({ temperature: 29, humidity: 75 })).toEqual(['too_hot', 'too_humid']);
    expect(rangeProblems({ temperature: 12, humidity: 20 })).toEqual(['too_cold', 'too_dry']);
  });

  it('a Taipei day starts at 16:00 UTC the day before; impossible dates are refused', () => {
    expect(taipeiDayBounds(2026, 11, 23)).toEqual({
      startMs: Date.parse('2026-11-22T16:00:00Z'),
      endMs: Date.parse('2026-11-23T16:00:00Z'),
    });
    expect(taipeiDayBounds(2026, 2, 30)).toBeNull();
    expect(taipeiDate(new Date('2026-11-22T16:30:00Z'))).toEqual([2026, 11, 23]);
  });

  it('property: downsampling keeps one reading per bucket whose average lies within the bucket range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 10 * 3600_000 }),
            t: fc.double({ min: 10, max: 35, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 200,
          },
        ),
        (rows) => {
          const readings = rows.map((row) => ({
            sensor: 'darkroom',
            at: row.at,
            temperature: row.t,
            humidity: 50,
          }));
          const averaged = downsample(readings);
          expect(new Set(averaged.map((row) => row.at)).size).toBe(averaged.length);
          const min = Math.min(...rows.map((row) => row.t));
          const max = Math.max(...rows.map((row) => row.t));
          for (const row of averaged) {
            expect(row.temperature).toBeGreaterThanOrEqual(Math.floor(min * 100) / 100);
            expect(row.temperature).toBeLessThanOrEqual(Math.ceil(max * 100) / 100);
          }
        },
      ),
    );
  });

  it('the readings table keeps a re-sent reading once and compacts readings older than 30 days', () => {
    const store = new SensorReadings(join(mkdtempSync(join(tmpdir(), 'sensors-')), 'sensors.sqlite3'));
    const now = Date.parse('2026-11-23T00:00:00Z');
    const old = now - RAW_KEEP_MS - 3600_000;
    for (let minute = 0; minute < 30; minute++)
      store.add({
        sensor: 'darkroom',
        at: old + minute * 60_000,
        temperature: 20 + (minute % 2),
        humidity: 50,
      });
    expect(store.add({ sensor: 'darkroom', at: old, temperature: 99, humidity: 99 })).toBe(false);
    store.add({ sensor: 'darkroom', at: now - 60_000, temperature: 21, humidity: 55 });
    const compacted = store.compact(now);
    expect(compacted.downsampled).toBe(30);
    const kept = store.range('darkroom', old - 3600_000, now);
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(store.latest('darkroom')?.temperature).toBe(21);
    store.close();
  });
});
