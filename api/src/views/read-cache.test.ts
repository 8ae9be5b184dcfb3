import { pointExpiresAt, pointStatus } from '@club/core/points/status';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPointStatusChangeMs, ReadCache } from './read-cache.ts';

// The read cache answers a view again only while nothing it depends on can have changed: the same
// read-model position, inside the time window the view computed. The window of point records must end
// at the first instant any of them changes status.

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.parse('2026-01-01T00:00:00Z');

const recordArb = fc
  .record({ effectiveOffset: fc.integer({ min: 0, max: 400 * DAY }), invalidated: fc.boolean() })
  .map(({ effectiveOffset, invalidated }) => {
    const effectiveAt = new Date(BASE + effectiveOffset).toISOString();
    return { invalidated, effectiveAt, expiresAt: pointExpiresAt(new Date(effectiveAt)).toISOString() };
  });

describe('nextPointStatusChangeMs', () => {
  it('is the first instant after now at which a status changes: none changes before it, one changes at it', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 600 * DAY }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (records, nowOffset, fraction) => {
          const now = BASE + nowOffset;
          const next = nextPointStatusChangeMs(records, now);
          const statusesAt = (ms: number) => records.map((record) => pointStatus(record, new Date(ms)));
          const before = Number.isFinite(next)
            ? now + Math.floor((next - 1 - now) * fraction)
            : now + 900 * DAY;
          expect(statusesAt(before)).toEqual(statusesAt(now));
          // Invalidated records never change with time, so a change is certain only for the others;
          // the window may end early for them, which costs a recomputation and nothing else.
          if (Number.isFinite(next) && records.every((record) => !record.invalidated))
            expect(statusesAt(next)).not.toEqual(statusesAt(now));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('ReadCache', () => {
  it('answers the same frozen value until the position moves, the window ends or the clock goes back', () => {
    const cache = new ReadCache<string, { n: number }>();
    let computed = 0;
    const compute = () => ({ value: { n: ++computed }, validUntilMs: 1_000 });
    const first = cache.get(1, 'k', 100, compute);
    expect(Object.isFrozen(first)).toBe(true);
    expect(cache.get(1, 'k', 999, compute)).toBe(first);
    expect(cache.get(1, 'k', 1_000, compute).n).toBe(2); // the window ended
    expect(cache.get(2, 'k', 1_000, compute).n).toBe(3); // a new event
    expect(cache.get(2, 'k', 500, compute).n).toBe(4); // the clock went back before the computation
    expect(cache.get(2, 'other', 500, compute).n).toBe(5);
  });
});
