// Unit tests of the stock rules: exact decimal quantities and prices, the config form's checks in the
// spec's order, the purchase date rules (E24, F), the price list's filters and caps, batches and value.
import { describe, expect, it } from 'vitest';
import type { StockConfig } from './events.ts';
import {
  lineAmountCents,
  parsePriceCents,
  parseQuantityMilli,
  parseWholeNtdCents,
  parseWholeQuantityMilli,
  parseYearMonth,
} from './quantity.ts';
import {
  buyerPrice,
  checkConfig,
  checkPurchaseDates,
  newItemConfig,
  onPriceList,
  quantityText,
  remainingBatches,
  sellsOutWithinYear,
} from './rules.ts';
import { stockAccountOf } from './accounts.ts';

const form = (overrides: Partial<Parameters<typeof checkConfig>[0]> = {}) => ({
  prefix: 'F',
  name: 'Tri-X 400',
  unit: '卷',
  price: '280',
  discountprice: '250',
  discountpoint: '100',
  barcodetext: '0041771005331\nTRIX',
  comment: '',
  display: true,
  filmtype: 1,
  giclee: { payable: false, kind: '', keyword: '' },
  ...overrides,
});

describe('quantities and prices', () => {
  it('parses decimals exactly through their text, three decimals for quantities and two for money', () => {
    expect(parseQuantityMilli('0.1')).toBe(100);
    expect(parseQuantityMilli(2.5)).toBe(2500);
    expect(parseQuantityMilli('1.234')).toBe(1234);
    expect(parseQuantityMilli('1.2340')).toBe(1234);
    expect(parseQuantityMilli('0.0005')).toBeNull();
    expect(parseQuantityMilli(1e-7)).toBeNull();
    expect(parseQuantityMilli(-1)).toBeNull();
    expect(parseQuantityMilli('abc')).toBeNull();
    expect(parseQuantityMilli(0.1 + 0.2)).toBeNull();
    expect(parsePriceCents('12.5')).toBe(1250);
    expect(parsePriceCents('12.345')).toBeNull();
    expect(parseWholeNtdCents('300')).toBe(30_000);
    expect(parseWholeNtdCents('300.5')).toBeNull();
    expect(parseWholeNtdCents(0)).toBeNull();
    expect(parseWholeQuantityMilli('3')).toBe(3000);
    expect(parseWholeQuantityMilli('2.5')).toBeNull();
  });

  it('rounds a line up to whole NTD: 0.5 才 at 12.5 is 6.25, charged 7', () => {
    expect(lineAmountCents(500, 1250)).toBe(700);
    expect(lineAmountCents(2000, 28_000)).toBe(56_000);
    expect(lineAmountCents(1, 100)).toBe(100);
  });

  it('reads YYYY/MM with a real month', () => {
    expect(parseYearMonth('2027/6')).toBe('2027/06');
    expect(parseYearMonth('2027/13')).toBeNull();
    expect(parseYearMonth('2027-06')).toBeNull();
    expect(parseYearMonth('27/06')).toBeNull();
  });
});

describe('the config tab (document 3, section 5)', () => {
  it('keeps a valid form, with barcodes one per line', () => {
    const checked = checkConfig(form());
    expect(checked).toEqual({
      ok: true,
      config: expect.objectContaining({
        priceCents: 28_000,
        discountPriceCents: 25_000,
        discountPointsHundredths: 10_000,
        barcodes: ['0041771005331', 'TRIX'],
        filmType: 1,
      }),
    });
  });

  it('refuses one discount field without the other', () => {
    expect(checkConfig(form({ discountpoint: '' }))).toEqual({ ok: false, reason: 'discount_both' });
    expect(checkConfig(form({ discountprice: null }))).toEqual({ ok: false, reason: 'discount_both' });
  });

  it('refuses a discount price not lower than the price, or without a price', () => {
    expect(checkConfig(form({ discountprice: '280' }))).toEqual({ ok: false, reason: 'discount_not_lower' });
    expect(checkConfig(form({ price: '' }))).toEqual({ ok: false, reason: 'discount_not_lower' });
  });

  it('refuses negative or malformed numbers as data', () => {
    expect(checkConfig(form({ price: '-1' }))).toEqual({ ok: false, reason: 'data' });
    expect(checkConfig(form({ discountprice: 'x' }))).toEqual({ ok: false, reason: 'data' });
    expect(checkConfig(form({ filmtype: 5 }))).toEqual({ ok: false, reason: 'data' });
    expect(checkConfig(form({ barcodetext: 'has space' }))).toEqual({ ok: false, reason: 'data' });
  });

  it('takes an empty price as not for sale', () => {
    const checked = checkConfig(form({ price: '', discountprice: '', discountpoint: '' }));
    expect(checked.ok && checked.config.priceCents).toBeNull();
    expect(checked.ok && buyerPrice(checked.config, 0, 1000)).toBeNull();
  });

  it('needs a name and a known account', () => {
    expect(checkConfig(form({ name: '  ' }))).toEqual({ ok: false, reason: 'name_required' });
    expect(checkConfig(form({ prefix: 'NOPE' }))).toEqual({ ok: false, reason: 'account_unknown' });
  });
});

describe('purchase dates', () => {
  it('E24 needs the manufacturing date, F the expiry date, both YYYY/MM', () => {
    expect(checkPurchaseDates('E24', '', '')).toEqual({ ok: false, reason: 'manufacture_required' });
    expect(checkPurchaseDates('E24', '', '2026/03')).toEqual({
      ok: true,
      expiry: null,
      manufactured: '2026/03',
    });
    expect(checkPurchaseDates('F', '', '')).toEqual({ ok: false, reason: 'expiry_required' });
    expect(checkPurchaseDates('F', '2027/1', '')).toEqual({
      ok: true,
      expiry: '2027/01',
      manufactured: null,
    });
    expect(checkPurchaseDates('F', '2027-01', '')).toEqual({ ok: false, reason: 'data' });
    expect(checkPurchaseDates('I', '', '')).toEqual({ ok: true, expiry: null, manufactured: null });
  });
});

describe('the price list (document 1, section 9)', () => {
  const config = (prefix: string, name: string, extra: Partial<StockConfig> = {}): StockConfig => ({
    ...newItemConfig(prefix, name, '張'),
    ...extra,
  });

  it('shows displayed items only, never overdue ones', () => {
    expect(onPriceList(1, config('F', 'Tri-X'))).toBe(true);
    expect(onPriceList(1, config('F', 'Tri-X', { display: false }))).toBe(false);
    expect(onPriceList(1, config('F', 'Fomapan（過期）'))).toBe(false);
    expect(onPriceList(1, config('F', 'overdue stock'))).toBe(false);
  });

  it('filters the shared-paper account, MOUNT and GICLEE', () => {
    expect(onPriceList(30, config('SP', '共用相紙 8×10'))).toBe(true);
    expect(onPriceList(32, config('SP', '相紙盒'))).toBe(false);
    expect(onPriceList(80, config('MOUNT', '裱板'))).toBe(true);
    expect(onPriceList(423, config('MOUNT', '壓克力'))).toBe(true);
    expect(onPriceList(82, config('MOUNT', '鋁框條'))).toBe(false);
    expect(onPriceList(100, config('GICLEE', 'A01 光面'))).toBe(true);
    expect(onPriceList(103, config('GICLEE', '墨水匣'))).toBe(false);
  });

  it('caps the shown stock at 100 for 才, 30 for 張, 10 otherwise, and hides four items and services', () => {
    const film = stockAccountOf('F');
    expect(quantityText(1, film, '才', 100_000)).toBe('100');
    expect(quantityText(1, film, '才', 100_500)).toBe('≥ 100');
    expect(quantityText(1, film, '張', 31_000)).toBe('≥ 30');
    expect(quantityText(1, film, '卷', 12_000)).toBe('≥ 10');
    expect(quantityText(1, film, '才', 2_500)).toBe('2.5');
    for (const pk of [296, 295, 227, 226]) expect(quantityText(pk, film, '張', 5_000)).toBe('');
    expect(quantityText(120, stockAccountOf('V850'), '格', 5_000)).toBe('');
  });
});

describe('batches and value, oldest sold first', () => {
  const purchases = [
    { quantityMilli: 10_000, unitPriceCents: 20_000, expiry: '2026/12', manufactured: null, at: 'a' },
    { quantityMilli: 5_000, unitPriceCents: 24_000, expiry: '2027/06', manufactured: null, at: 'b' },
  ];

  it('keeps the newest purchases in stock', () => {
    const { batches, valueCents } = remainingBatches(purchases, 7_000);
    expect(batches.map((batch) => [batch.expiry, batch.remainingMilli])).toEqual([
      ['2026/12', 2_000],
      ['2027/06', 5_000],
    ]);
    expect(valueCents).toBe(2 * 20_000 + 5 * 24_000);
  });

  it('values stock counted beyond every purchase at the last price', () => {
    expect(remainingBatches(purchases, 16_000).valueCents).toBe(10 * 20_000 + 6 * 24_000);
    expect(remainingBatches([], 3_000).valueCents).toBe(0);
  });

  it('sells out within a year when the stock is at most the year’s sales', () => {
    expect(sellsOutWithinYear(5_000, 5_000)).toBe(true);
    expect(sellsOutWithinYear(5_001, 5_000)).toBe(false);
    expect(sellsOutWithinYear(0, 0)).toBe(false);
  });
});
