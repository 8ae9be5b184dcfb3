import { describe, expect, it } from 'vitest';
import {
  checkQuantity,
  extrasFor,
  LABEL_KINDS,
  LABEL_SHEET_CAPS,
  labelChargeCents,
  parseExpiry,
  taipeiDay,
} from './rules.ts';

describe('checkQuantity', () => {
  it('caps each kind as the spec lists and clamps above the cap', () => {
    expect(LABEL_SHEET_CAPS).toEqual({
      user: 10,
      sharingpaper: 5,
      stock: 100,
      property: 5,
      book: 5,
      test: 10,
      any: 10,
    });
    for (const kind of LABEL_KINDS) {
      const cap = LABEL_SHEET_CAPS[kind];
      expect(checkQuantity(kind, cap)).toEqual({ ok: true, quantity: cap, clamped: false });
      expect(checkQuantity(kind, cap + 1)).toEqual({ ok: true, quantity: cap, clamped: true });
      expect(checkQuantity(kind, 1)).toEqual({ ok: true, quantity: 1, clamped: false });
    }
    expect(checkQuantity('stock', '250')).toEqual({ ok: true, quantity: 100, clamped: true });
  });

  it("refuses what is not a positive integer ('please check input format')", () => {
    for (const raw of [0, -1, 1.5, '0', '-2', '1.5', 'abc', '', null, undefined, Number.NaN, '1e3']) {
      expect(checkQuantity('user', raw)).toEqual({ ok: false, reason: 'format' });
    }
    expect(checkQuantity('user', ' 3 ')).toEqual({ ok: true, quantity: 3, clamped: false });
  });
});

describe('parseExpiry', () => {
  it('reads YYYY.MM, auto and empty; slashes become dots', () => {
    expect(parseExpiry('2027.05')).toEqual({ kind: 'date', text: '2027.05' });
    expect(parseExpiry('2027/5')).toEqual({ kind: 'date', text: '2027.05' });
    expect(parseExpiry(' 2027/12 ')).toEqual({ kind: 'date', text: '2027.12' });
    expect(parseExpiry('auto')).toEqual({ kind: 'auto' });
    expect(parseExpiry('AUTO')).toEqual({ kind: 'auto' });
    expect(parseExpiry('')).toEqual({ kind: 'none' });
    expect(parseExpiry(undefined)).toEqual({ kind: 'none' });
  });

  it('refuses other forms', () => {
    for (const raw of ['2027.13', '2027.00', '27.05', '2027-05', '2027.05.01', 'soon']) {
      expect(parseExpiry(raw)).toBeNull();
    }
  });
});

describe('labelChargeCents', () => {
  it('charges 0.5 NTD per user-label sheet beyond the 10 free ones of the day', () => {
    expect(labelChargeCents('user', 10, 0)).toBe(0);
    expect(labelChargeCents('user', 3, 8)).toBe(50);
    expect(labelChargeCents('user', 10, 10)).toBe(500);
    expect(labelChargeCents('user', 4, 30)).toBe(200);
  });

  it('never charges other kinds', () => {
    expect(labelChargeCents('stock', 100, 50)).toBe(0);
    expect(labelChargeCents('test', 10, 20)).toBe(0);
  });
});

describe('extrasFor', () => {
  it('lets only user pk 2 choose the location and the logo', () => {
    expect(extrasFor(2, { selectlogo: 'ntu', location: 'sql' })).toEqual({ logo: 'ntu', location: 'sql' });
    expect(extrasFor(2, { selectlogo: 'bogus', location: 'moon' })).toEqual({
      logo: 'club',
      location: 'ntup',
    });
    expect(extrasFor(101, { selectlogo: 'none', location: 'sql' })).toEqual({
      logo: 'club',
      location: 'ntup',
    });
  });
});

describe('taipeiDay', () => {
  it('counts days on the Taipei wall clock', () => {
    expect(taipeiDay(new Date('2026-11-22T15:59:59Z'))).toBe('20261122');
    expect(taipeiDay(new Date('2026-11-22T16:00:00Z'))).toBe('20261123');
  });
});
