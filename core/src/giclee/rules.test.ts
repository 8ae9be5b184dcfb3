// The giclee rules: area in 才, the fee, paper and owner matching, payment state, the 5-minute rule; and
// the job decider (given/when/then): a poll that repeats what was recorded appends nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { gicleeJobDecider } from './decider.ts';
import type { PrinterFacts } from './events.ts';
import {
  areaMilliCai,
  computedFeeCents,
  isUnpaid,
  MM2_PER_CAI,
  matchPaper,
  ownerPkOf,
  PRINTER_DOWN_AFTER_MS,
  printerDown,
} from './rules.ts';

const sizeMm = fc.integer({ min: 0, max: 11_180 }).map((tenths) => tenths / 10);
const priceCents = fc.integer({ min: 0, max: 100_000 });

describe('the fee rule', () => {
  it('one 才 (303 × 303 mm) at 35 NTD costs 35; 2 才 costs 70; an empty print nothing', () => {
    expect(areaMilliCai(303, 303)).toBe(1000);
    expect(computedFeeCents(areaMilliCai(303, 606), 3_500)).toBe(7_000);
    expect(computedFeeCents(areaMilliCai(0, 606), 3_500)).toBe(0);
    expect(computedFeeCents(1000, null)).toBeNull();
  });

  it('the area never undercounts and is off by less than a thousandth of a 才', () => {
    fc.assert(
      fc.property(sizeMm, sizeMm, (width, height) => {
        const milli = areaMilliCai(width, height);
        const exact = (width * height * 1000) / MM2_PER_CAI;
        expect(milli).toBeGreaterThanOrEqual(exact - 1e-6);
        expect(milli - exact).toBeLessThan(1 + 1e-6);
      }),
    );
  });

  it('the fee is whole NTD, at least the exact price, and grows with the height', () => {
    fc.assert(
      fc.property(sizeMm, sizeMm, sizeMm, priceCents, (width, height, more, price) => {
        const fee = computedFeeCents(areaMilliCai(width, height), price)!;
        expect(fee % 100).toBe(0);
        expect(fee).toBeGreaterThanOrEqual((areaMilliCai(width, height) * price) / 1000 - 1e-6);
        expect(computedFeeCents(areaMilliCai(width, height + more), price)!).toBeGreaterThanOrEqual(fee);
      }),
    );
  });
});

describe('papers, owners and payment', () => {
  const papers = [
    { stockPk: 100, name: 'A01 光面', priceCents: 3500, payable: true, kind: 'glossy', keyword: 'A01' },
    { stockPk: 101, name: 'A02 Rag', priceCents: 6000, payable: true, kind: 'fineart', keyword: 'Rag' },
    { stockPk: 102, name: 'no keyword', priceCents: 1, payable: true, kind: '', keyword: '' },
  ];
  it('matches the keyword in the name first, then in the media; none gives null', () => {
    expect(matchPaper({ name: 'U00102_x_a01.tif', media: 'Photo Rag' }, papers)).toBe(100);
    expect(matchPaper({ name: 'x.tif', media: 'Fine Art Photo Rag 308' }, papers)).toBe(101);
    expect(matchPaper({ name: 'x.tif', media: 'Plain' }, papers)).toBeNull();
  });
  it('reads the member from a U-pkstr in the file name', () => {
    expect(ownerPkOf('U00102_sunset_A01.tif')).toBe(102);
    expect(ownerPkOf('print-U00007.tif')).toBe(7);
    expect(ownerPkOf('XU00102.tif')).toBeNull();
    expect(ownerPkOf('U001023.tif')).toBeNull();
    expect(ownerPkOf('sunset.tif')).toBeNull();
  });
  it('a job is unpaid only when it needs payment, nothing paid it and its paper is not unpayable', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(true, false, null),
        (needPayment, paid, payable) => {
          expect(isUnpaid({ needPayment, paid, paperPayable: payable })).toBe(
            needPayment && !paid && payable !== false,
          );
        },
      ),
    );
  });
  it('the printer is down only after more than 5 minutes since the last success (or since watching)', () => {
    const t0 = new Date('2026-11-23T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(printerDown(t0, t0, at(PRINTER_DOWN_AFTER_MS))).toBe(false);
    expect(printerDown(t0, t0, at(PRINTER_DOWN_AFTER_MS + 1))).toBe(true);
    expect(printerDown(null, at(60_000), at(PRINTER_DOWN_AFTER_MS + 1))).toBe(false);
  });
});

describe('the job decider', () => {
  const facts: PrinterFacts = {
    name: 'U00102_a.tif',
    startedAt: '2026-11-23T00:00:00.000Z',
    widthMm: 303,
    heightMm: 100,
    media: 'm',
    status: 'Printing',
    ink: { PK: 0 },
  };
  const record = (f: PrinterFacts) =>
    ({ type: 'RecordFromPrinter', pk: 7, facts: f, paperStockPk: null, ownerPk: 102 }) as const;
  const now = new Date();

  it('given nothing, when a poll reports the job, then it is seen; the same facts again append nothing', () => {
    const seen = gicleeJobDecider.decide(record(facts), gicleeJobDecider.initialState(), now);
    expect(seen).toMatchObject([{ type: 'GicleeJobSeen' }]);
    const state = fold(gicleeJobDecider, seen as never);
    expect(gicleeJobDecider.decide(record(facts), state, now)).toEqual([]);
    expect(gicleeJobDecider.decide(record({ ...facts, status: 'Completed' }), state, now)).toMatchObject([
      { type: 'GicleeJobChanged', data: { status: 'Completed' } },
    ]);
  });

  it('given a job, no-need-to-pay needs a reason; a staff edit to the same value appends nothing', () => {
    const state = fold(
      gicleeJobDecider,
      gicleeJobDecider.decide(record(facts), gicleeJobDecider.initialState(), now) as never,
    );
    expect(
      gicleeJobDecider.decide(
        { type: 'SetNoNeedToPay', noNeedToPay: true, reason: ' ', byPk: 1 },
        state,
        now,
      ),
    ).toEqual({
      rejected: 'reason',
    });
    expect(gicleeJobDecider.decide({ type: 'SetComment', comment: '', byPk: 1 }, state, now)).toEqual([]);
    expect(gicleeJobDecider.decide({ type: 'SetHeight', heightMm: 0, byPk: 1 }, state, now)).toEqual({
      rejected: 'height',
    });
    expect(
      gicleeJobDecider.decide(
        { type: 'SetFee', feeCents: null, byPk: 1 },
        gicleeJobDecider.initialState(),
        now,
      ),
    ).toEqual({
      rejected: 'notfound',
    });
  });
});
