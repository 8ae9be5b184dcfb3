// Unit tests of the framing estimators from the spec's numbers (document 1, section 9: minimum sides,
// the 32 × 42 board and the 41 × 31 frame, 110 per 300 × 300 area, the 1.25 multiplier, canvas strips and
// wrap, the 24 inch roll, +50 or +10% off the standard sizes, sides rounded up to at least 4 inch, the caps
// 140 and 190) and the constants of ./config.ts (docs/shop.md).
import { describe, expect, it } from 'vitest';
import { ESTIMATOR_STOCK_PKS } from './config.ts';
import {
  estimateBoard,
  estimateCanvas,
  estimateFrame,
  type EstimateResult,
  type ListPrices,
} from './estimators.ts';

const PRICES: ListPrices = {
  cardboard: 12.5,
  foamBoard: 15,
  acrylic: 110,
  aluminiumFrame: 1,
  woodFrame: 1,
  canvasStretcher: 1,
  canvas: 20,
};

const quantities = (result: EstimateResult) =>
  result.ok ? Object.fromEntries(result.lines.map((line) => [line.part, line.quantityMilli])) : result;

describe('estimateFrame (aluminium and wood)', () => {
  const alu = { kind: 'aluminium', colour: 'black' } as const;

  it('prices a 16 × 20 inch aluminium frame: 1.25 × moulding, acrylic at 110 per 才, cardboard backing', () => {
    const result = estimateFrame({ width: '16', height: '20', unit: 'inch', material: alu }, PRICES);
    // Moulding 2 × (406.4 + 508) + 8 × 20 = 1988.8 mm at 90 NTD/m = 178.992, × 1.25 = 223.74 → 224.
    // Area 406.4 × 508 mm = 2.2939 才 → 2.294; acrylic 252.34 → 253; cardboard at 12.5: 28.675 → 29.
    expect(quantities(result)).toEqual({ frame: 224_000, acrylic: 2_294, backing: 2_294 });
    expect(result.ok && result.listTotalNtd).toBe(224 + 253 + 29);
    expect(result.ok && result.lines.map((line) => line.stockPk)).toEqual([
      ESTIMATOR_STOCK_PKS.aluminiumFrame,
      ESTIMATOR_STOCK_PKS.acrylic,
      ESTIMATOR_STOCK_PKS.cardboard,
    ]);
  });

  it('refuses sides under 15 cm or 6 inch as too small', () => {
    expect(estimateFrame({ width: '14.9', height: '30', unit: 'cm', material: alu }, PRICES)).toEqual({
      ok: false,
      reason: 'too_small',
      minimum: '15',
      unit: 'cm',
    });
    expect(estimateFrame({ width: '15', height: '30', unit: 'cm', material: alu }, PRICES).ok).toBe(true);
    expect(estimateFrame({ width: '5.9', height: '8', unit: 'inch', material: alu }, PRICES)).toMatchObject({
      reason: 'too_small',
      minimum: '6',
    });
    expect(estimateFrame({ width: '6', height: '8', unit: 'inch', material: alu }, PRICES).ok).toBe(true);
  });

  it('refuses a frame the 32 × 42 board would not hold (beyond 41 × 31 inch) as too big', () => {
    expect(estimateFrame({ width: '41', height: '31', unit: 'inch', material: alu }, PRICES).ok).toBe(true);
    expect(estimateFrame({ width: '31', height: '41', unit: 'inch', material: alu }, PRICES).ok).toBe(true);
    expect(estimateFrame({ width: '41.1', height: '31', unit: 'inch', material: alu }, PRICES)).toMatchObject(
      {
        reason: 'too_big',
      },
    );
    expect(estimateFrame({ width: '32', height: '32', unit: 'inch', material: alu }, PRICES)).toMatchObject({
      reason: 'too_big',
    });
  });

  it("answers '請檢查長寬' (size_invalid) for empty, zero, negative or non-numeric sides", () => {
    for (const width of ['', '0', '-3', 'abc', '1e3', '12,5'])
      expect(estimateFrame({ width, height: '20', unit: 'cm', material: alu }, PRICES)).toEqual({
        ok: false,
        reason: 'size_invalid',
      });
  });

  it('prices wood models in RMB per metre at 4.68 with the size-class ratio, and refuses combinations that do not exist', () => {
    const wood = (model: 'W15' | 'W20', colour: 'black' | 'white') =>
      estimateFrame(
        { width: '16', height: '20', unit: 'inch', material: { kind: 'wood', model, colour } },
        PRICES,
      );
    // 1.9888 m (ratio 1 up to 2 m) × 15 RMB × 4.68 = 139.61 × 1.25 = 174.52 → 175 on the wood-frame item.
    expect(quantities(wood('W15', 'black'))).toMatchObject({ frame: 175_000 });
    expect(
      wood('W15', 'black').ok && (wood('W15', 'black') as { lines: { stockPk: number }[] }).lines[0]!.stockPk,
    ).toBe(ESTIMATOR_STOCK_PKS.woodFrame);
    // 24 × 30 in: 2 × 1371.6 + 160 = 2.9032 m, ratio 1.1: 20 × 4.68 × 1.1 × 2.9032 × 1.25 = 373.63 → 374.
    expect(
      quantities(
        estimateFrame(
          {
            width: '24',
            height: '30',
            unit: 'inch',
            material: { kind: 'wood', model: 'W20', colour: 'black' },
          },
          PRICES,
        ),
      ),
    ).toMatchObject({ frame: 374_000 });
    expect(wood('W15', 'white')).toEqual({ ok: false, reason: 'wood_combination' });
  });

  it("is 'inventory' when an item it uses has no price (missing or not for sale)", () => {
    const { acrylic: _acrylic, ...withoutAcrylic } = PRICES;
    expect(estimateFrame({ width: '20', height: '25', unit: 'cm', material: alu }, withoutAcrylic)).toEqual({
      ok: false,
      reason: 'inventory',
      item: 'acrylic',
    });
  });
});

describe('estimateCanvas', () => {
  it('prices a standard 30 × 40 cm canvas on thin strips: no extra, canvas wrapped 2.5 + 1.75 cm each side', () => {
    const result = estimateCanvas({ width: '30', height: '40', unit: 'cm', strip: 'thin' }, PRICES);
    // Strips 1.4 m × 60 × 1.25 = 105; canvas (300 + 85) × (400 + 85) mm = 2.0747 才 → 2.075 at 20 = 41.5 → 42.
    expect(quantities(result)).toEqual({ stretcher: 105_000, canvas: 2_075 });
    expect(result.ok && result.listTotalNtd).toBe(147);
    expect(result.ok && result.details.standard).toBe('yes');
  });

  it('adds the larger of 50 NTD and 10% off the 14 standard sizes', () => {
    // 31 × 40: 1.42 m × 60 × 1.25 = 106.5 → 107, + max(50, 11) = 157.
    expect(
      quantities(estimateCanvas({ width: '31', height: '40', unit: 'cm', strip: 'thin' }, PRICES)),
    ).toMatchObject({
      stretcher: 157_000,
    });
    // 45 × 90 thick (standard) vs 45 × 89 (not): 2.7 m × 90 × 1.25 = 303.75 → 304; 2.68 m → 301.5 → 302 + 50.
    expect(
      quantities(estimateCanvas({ width: '45', height: '90', unit: 'cm', strip: 'thick' }, PRICES)),
    ).toMatchObject({
      stretcher: 304_000,
    });
    expect(
      quantities(estimateCanvas({ width: '45', height: '89', unit: 'cm', strip: 'thick' }, PRICES)),
    ).toMatchObject({
      stretcher: 352_000,
    });
    // A big custom size pays 10%: 60 × 100 cm... does not fit the roll, so 45 × 200 cm thick: 4.9 m → 551.25 → 552, +56.
    expect(
      quantities(estimateCanvas({ width: '45', height: '200', unit: 'cm', strip: 'thick' }, PRICES)),
    ).toMatchObject({
      stretcher: 608_000,
    });
    // 12 × 12 inch (304.8 mm) is the standard 30 × 30 cm within 5 mm; 12 × 16 inch (406.4 mm) is not 30 × 40.
    expect(
      estimateCanvas({ width: '12', height: '12', unit: 'inch', strip: 'medium' }, PRICES),
    ).toMatchObject({
      details: { standard: 'yes' },
    });
    expect(
      estimateCanvas({ width: '12', height: '16', unit: 'inch', strip: 'medium' }, PRICES),
    ).toMatchObject({
      details: { standard: 'no' },
    });
  });

  it('refuses a side under 20 cm, and a canvas wider than the 24 inch roll', () => {
    expect(estimateCanvas({ width: '19.9', height: '30', unit: 'cm', strip: 'thin' }, PRICES)).toMatchObject({
      reason: 'too_small',
      minimum: '20',
    });
    expect(estimateCanvas({ width: '20', height: '30', unit: 'cm', strip: 'thin' }, PRICES).ok).toBe(true);
    // Thin: 609.6 − 85 = 524.6 mm is the widest short side.
    expect(estimateCanvas({ width: '52.4', height: '300', unit: 'cm', strip: 'thin' }, PRICES).ok).toBe(true);
    expect(estimateCanvas({ width: '52.5', height: '300', unit: 'cm', strip: 'thin' }, PRICES)).toMatchObject(
      {
        reason: 'too_big',
      },
    );
  });
});

describe('estimateBoard (cardboard, acrylic, foam board)', () => {
  it('rounds each side up to whole inches, at least 4 inch, and sells by the 才', () => {
    // 10 cm = 3.94 in → 4 in; 4 × 4 in = 0.1147 才 → 0.115.
    expect(
      estimateBoard({ width: '10', height: '10', unit: 'cm', board: 'cardboard' }, PRICES),
    ).toMatchObject({
      lines: [{ stockPk: ESTIMATOR_STOCK_PKS.cardboard, quantityMilli: 115 }],
      listTotalNtd: 2,
      details: { widthInch: '4', heightInch: '4' },
    });
    // 12.1 × 3 in → 13 × 4 in.
    expect(
      estimateBoard({ width: '12.1', height: '3', unit: 'inch', board: 'acrylic' }, PRICES),
    ).toMatchObject({
      details: { widthInch: '13', heightInch: '4' },
      lines: [{ stockPk: ESTIMATOR_STOCK_PKS.acrylic, quantityMilli: 373 }],
      listTotalNtd: 42,
    });
  });

  it('caps cardboard at 140 and foam board at 190 NTD at list price; acrylic has no cap', () => {
    const dear: ListPrices = { ...PRICES, cardboard: 20, foamBoard: 25 };
    // A whole board: 32 × 42 in = 9.635 才: 192.7 at 20 → capped at 7 才 = 140; 240.9 at 25 → 7.6 才 = 190.
    expect(
      estimateBoard({ width: '32', height: '42', unit: 'inch', board: 'cardboard' }, dear),
    ).toMatchObject({
      lines: [{ quantityMilli: 7_000 }],
      listTotalNtd: 140,
    });
    expect(
      estimateBoard({ width: '42', height: '32', unit: 'inch', board: 'foamBoard' }, dear),
    ).toMatchObject({
      lines: [{ quantityMilli: 7_600 }],
      listTotalNtd: 190,
    });
    expect(estimateBoard({ width: '32', height: '42', unit: 'inch', board: 'acrylic' }, dear)).toMatchObject({
      listTotalNtd: 1060,
    });
  });

  it('refuses a cut larger than the 32 × 42 inch board, and bad sizes', () => {
    expect(
      estimateBoard({ width: '33', height: '33', unit: 'inch', board: 'foamBoard' }, PRICES),
    ).toMatchObject({
      reason: 'too_big',
    });
    expect(
      estimateBoard({ width: '106.7', height: '5', unit: 'cm', board: 'foamBoard' }, PRICES),
    ).toMatchObject({
      reason: 'too_big',
    });
    expect(estimateBoard({ width: '0', height: '5', unit: 'cm', board: 'foamBoard' }, PRICES)).toEqual({
      ok: false,
      reason: 'size_invalid',
    });
  });
});
