import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { pointEffectiveAt, pointExpiresAt, pointStatus, pointStatusAt, pointTimes } from './status.ts';

const iso = (text: string) => new Date(text);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('pointEffectiveAt', () => {
  it("a member's request takes effect exactly three days (72 hours) after it is made", () => {
    expect(pointEffectiveAt(iso('2026-03-10T15:30:00.000Z'), false).toISOString()).toBe(
      '2026-03-13T15:30:00.000Z',
    );
  });

  it("a point authority holder's entry takes effect at once", () => {
    expect(pointEffectiveAt(iso('2026-03-10T15:30:00.000Z'), true).toISOString()).toBe(
      '2026-03-10T15:30:00.000Z',
    );
  });
});

describe('pointExpiresAt: six calendar months on the Taipei wall clock', () => {
  const originalTimeZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTimeZone;
  });

  it.each([
    ['the same day and time six months on', '2026-03-15T02:00:00.000Z', '2026-09-15T02:00:00.000Z'],
    [
      'a day missing in the target month: expires as that month ends (Taipei 08-31 -> 03-01 00:00)',
      '2026-08-30T18:00:00.000Z',
      '2027-02-28T16:00:00.000Z',
    ],
    ['08-29 reaches 02-29 in a leap year', '2027-08-29T04:00:00.000Z', '2028-02-29T04:00:00.000Z'],
    [
      '08-29 expires as February ends in a common year',
      '2026-08-29T04:00:00.000Z',
      '2027-02-28T16:00:00.000Z',
    ],
    [
      'across the year end (Taipei 12-31 20:00 -> 07-01 00:00)',
      '2026-12-31T12:00:00.000Z',
      '2027-06-30T16:00:00.000Z',
    ],
    [
      'across the year end on a day that exists (Taipei 12-15 20:00 -> 06-15 20:00)',
      '2026-12-15T12:00:00.000Z',
      '2027-06-15T12:00:00.000Z',
    ],
    [
      'the Taipei date decides, not the UTC date (Taipei 04-01 05:00)',
      '2026-03-31T21:00:00.000Z',
      '2026-09-30T21:00:00.000Z',
    ],
    ['a Taipei 03-31 expires as September ends', '2026-03-31T02:00:00.000Z', '2026-09-30T16:00:00.000Z'],
  ])('%s', (_name, effectiveAt, expiresAt) => {
    expect(pointExpiresAt(iso(effectiveAt)).toISOString()).toBe(expiresAt);
  });

  it("does not depend on the server's time zone", () => {
    const effectiveAt = iso('2026-08-30T18:00:00.000Z');
    process.env.TZ = 'America/New_York';
    const inNewYork = pointExpiresAt(effectiveAt).toISOString();
    process.env.TZ = 'Asia/Taipei';
    const inTaipei = pointExpiresAt(effectiveAt).toISOString();
    expect(inNewYork).toBe('2027-02-28T16:00:00.000Z');
    expect(inTaipei).toBe(inNewYork);
  });

  it('is the same Taipei day and time six months on, or 00:00 of the next month when that day is missing', () => {
    const TAIPEI_MS = 8 * 60 * 60 * 1000;
    const monthIndex = (wall: Date) => wall.getUTCFullYear() * 12 + wall.getUTCMonth();
    const timeOfDay = (wall: Date) =>
      wall.getTime() - Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
    const instant = fc.integer({
      min: Date.parse('2000-01-01T00:00:00Z'),
      max: Date.parse('2100-01-01T00:00:00Z'),
    });
    fc.assert(
      fc.property(instant, (effectiveMs) => {
        const wallEffective = new Date(effectiveMs + TAIPEI_MS);
        const wallExpiry = new Date(pointExpiresAt(new Date(effectiveMs)).getTime() + TAIPEI_MS);
        const monthsApart = monthIndex(wallExpiry) - monthIndex(wallEffective);
        const daysInSixthMonth = new Date(
          Date.UTC(wallEffective.getUTCFullYear(), wallEffective.getUTCMonth() + 7, 0),
        ).getUTCDate();
        if (wallEffective.getUTCDate() <= daysInSixthMonth) {
          expect(monthsApart).toBe(6);
          expect(wallExpiry.getUTCDate()).toBe(wallEffective.getUTCDate());
          expect(timeOfDay(wallExpiry)).toBe(timeOfDay(wallEffective));
        } else {
          expect(monthsApart).toBe(7);
          expect(wallExpiry.getUTCDate()).toBe(1);
          expect(timeOfDay(wallExpiry)).toBe(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is 181 to 184 days later and never moves backwards as the effective time moves forwards', () => {
    const instant = fc.integer({
      min: Date.parse('2000-01-01T00:00:00Z'),
      max: Date.parse('2100-01-01T00:00:00Z'),
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 40 * DAY_MS }), (effectiveMs, laterByMs) => {
        const expiresMs = pointExpiresAt(new Date(effectiveMs)).getTime();
        expect(expiresMs - effectiveMs).toBeGreaterThanOrEqual(181 * DAY_MS);
        expect(expiresMs - effectiveMs).toBeLessThanOrEqual(184 * DAY_MS);
        expect(pointExpiresAt(new Date(effectiveMs + laterByMs)).getTime()).toBeGreaterThanOrEqual(expiresMs);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('pointStatus', () => {
  const times = pointTimes(iso('2026-03-13T04:00:00.000Z'));
  const record = { invalidated: false, ...times };
  const justBefore = (text: string) => new Date(Date.parse(text) - 1);

  it('is 1 (not yet effective) before the effective time', () => {
    expect(pointStatus(record, justBefore(times.effectiveAt))).toBe(1);
  });

  it('is 2 (valid) from the effective time inclusive until the expiry exclusive', () => {
    expect(pointStatus(record, iso(times.effectiveAt))).toBe(2);
    expect(pointStatus(record, justBefore(times.expiresAt))).toBe(2);
  });

  it('is 3 (expired) from the expiry on', () => {
    expect(times.expiresAt).toBe('2026-09-13T04:00:00.000Z');
    expect(pointStatus(record, iso(times.expiresAt))).toBe(3);
    expect(pointStatus(record, iso('2030-01-01T00:00:00.000Z'))).toBe(3);
  });

  it('is 0 (review failed) for an invalidated record at any time', () => {
    const invalid = { ...record, invalidated: true };
    for (const now of ['2026-01-01T00:00:00.000Z', times.effectiveAt, times.expiresAt]) {
      expect(pointStatus(invalid, iso(now))).toBe(0);
    }
  });

  it('throws on a time that is not an ISO instant', () => {
    expect(() => pointStatus({ ...record, effectiveAt: 'soon' }, iso(times.effectiveAt))).toThrow();
  });
});

describe('pointStatusAt (the scans’ form of pointStatus)', () => {
  it('gives every record the status pointStatus gives, at the boundaries and in every written form', () => {
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const end = Date.parse('2028-01-01T00:00:00.000Z');
    const written = (ms: number, form: number): string => {
      const text = new Date(ms).toISOString();
      if (form === 1) return text.replace(/\.\d{3}Z$/, 'Z');
      if (form === 2) return new Date(ms + 8 * 3600_000).toISOString().replace('Z', '+08:00');
      return text;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: start, max: end }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom('effective', 'expiry', 'anywhere'),
        fc.integer({ min: start, max: end }),
        (effectiveMs, invalidated, form, offsetMs, near, anywhereMs) => {
          // Whole seconds, so every written form names the same instant.
          const effective = Math.floor(effectiveMs / 1000) * 1000;
          const times = pointTimes(new Date(effective));
          const record = {
            invalidated,
            effectiveAt: written(Date.parse(times.effectiveAt), form),
            expiresAt: written(Date.parse(times.expiresAt), form),
          };
          const nowMs =
            near === 'effective'
              ? effective + offsetMs
              : near === 'expiry'
                ? Date.parse(times.expiresAt) + offsetMs
                : anywhereMs;
          const now = new Date(nowMs);
          expect(pointStatusAt(now)(record)).toBe(pointStatus(record, now));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('throws, as pointStatus does, on a time that is not an ISO instant', () => {
    const record = { invalidated: false, effectiveAt: 'soon', expiresAt: 'later' };
    expect(() => pointStatusAt(new Date())(record)).toThrow();
  });
});
