import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookDueAt,
  bookFineCents,
  depositCents,
  overdueDays,
  parseGramsToMg,
  personalLoanRentCents,
  rentCents,
  settleRent,
  sheetsIn,
} from './rules.ts';

const HOUR = 3_600_000;
const lentAt = new Date('2026-11-23T02:00:00.000Z'); // 10:00 in Taipei

describe('library rules', () => {
  it('is due after 30 days and fines 5 per started overdue day', () => {
    const due = bookDueAt(lentAt);
    expect(due.toISOString()).toBe('2026-12-23T02:00:00.000Z');
    expect(bookFineCents(due, due)).toBe(0);
    expect(bookFineCents(due, new Date(due.getTime() + 1))).toBe(500);
    expect(bookFineCents(due, new Date(due.getTime() + 3 * 24 * HOUR))).toBe(1500);
    expect(overdueDays(due, new Date(due.getTime() - HOUR))).toBe(0);
  });
});

describe('equipment rules', () => {
  it('holds 3 day fees, none for official activity', () => {
    expect(depositCents(100_00, 2)).toBe(300_00);
    expect(depositCents(100_00, 1)).toBe(300_00);
    expect(depositCents(100_00, 5)).toBe(0);
  });

  it('charges 1/6 of the day fee per started hour under 6 h, one day from 6 to 24 h, then per day', () => {
    expect(personalLoanRentCents(120_00, 0)).toBe(0);
    expect(personalLoanRentCents(120_00, 1)).toBe(20_00);
    expect(personalLoanRentCents(120_00, 3 * HOUR)).toBe(60_00);
    expect(personalLoanRentCents(120_00, 3 * HOUR + 1)).toBe(80_00);
    expect(personalLoanRentCents(120_00, 6 * HOUR)).toBe(120_00);
    expect(personalLoanRentCents(120_00, 24 * HOUR)).toBe(120_00);
    expect(personalLoanRentCents(120_00, 24 * HOUR + 1)).toBe(240_00);
    // A day fee not divisible by 6: each started hour rounds the total up to whole NTD.
    expect(personalLoanRentCents(100_00, HOUR)).toBe(17_00);
  });

  it('makes in-club use free the same Taipei day, then at most 5 a day; official activity free', () => {
    const evening = new Date('2026-11-23T15:59:00.000Z'); // 23:59 Taipei
    const nextMorning = new Date('2026-11-24T01:00:00.000Z');
    expect(rentCents({ activityType: 1, dayFeeCents: 100_00, lentAt, returnedAt: evening })).toBe(0);
    expect(rentCents({ activityType: 1, dayFeeCents: 100_00, lentAt, returnedAt: nextMorning })).toBe(5_00);
    expect(rentCents({ activityType: 1, dayFeeCents: 3_00, lentAt, returnedAt: nextMorning })).toBe(3_00);
    expect(
      rentCents({
        activityType: 5,
        dayFeeCents: 100_00,
        lentAt,
        returnedAt: new Date(lentAt.getTime() + 99 * 24 * HOUR),
      }),
    ).toBe(0);
  });

  it('never lowers the rent as time passes (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 5 as const),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 40 * 24 * HOUR }),
        fc.integer({ min: 0, max: 5 * 24 * HOUR }),
        (activityType, dayFeeNtd, first, more) => {
          const at = (ms: number) => new Date(lentAt.getTime() + ms);
          const dayFeeCents = dayFeeNtd * 100;
          const earlier = rentCents({ activityType, dayFeeCents, lentAt, returnedAt: at(first) });
          const later = rentCents({ activityType, dayFeeCents, lentAt, returnedAt: at(first + more) });
          expect(later).toBeGreaterThanOrEqual(earlier);
          expect(earlier % 100).toBe(0);
        },
      ),
    );
  });

  it('releases the deposit less the rent, so release + rent = held when the rent is below it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 1e7 }), (held, rent) => {
        const settled = settleRent(held, rent);
        expect(settled.releaseCents + settled.fromDepositCents).toBe(held);
        expect(settled.fromDepositCents + settled.extraRentCents).toBe(rent);
        if (rent <= held) expect(settled.releaseCents + rent).toBe(held);
        expect(
          Math.min(settled.releaseCents, settled.fromDepositCents, settled.extraRentCents),
        ).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('shared paper rules', () => {
  it('reads positive grams with up to three decimals, else nothing', () => {
    expect(parseGramsToMg('512.5')).toBe(512_500);
    expect(parseGramsToMg(3.25)).toBe(3_250);
    expect(parseGramsToMg('0')).toBeNull();
    expect(parseGramsToMg('-1')).toBeNull();
    expect(parseGramsToMg('abc')).toBeNull();
    expect(parseGramsToMg('1.0001')).toBeNull();
  });

  it('counts whole sheets by weight', () => {
    expect(sheetsIn(500_000 + 10 * 12_000, 500_000, 12_000)).toBe(10);
    expect(sheetsIn(500_000 + 10 * 12_000 + 4_000, 500_000, 12_000)).toBe(10);
    expect(sheetsIn(499_000, 500_000, 12_000)).toBe(0);
  });
});
