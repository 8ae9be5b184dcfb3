import { describe, expect, it } from 'vitest';
import { openingWindow, withinOpeningHours } from './rules.ts';

/** An instant at a Taipei wall-clock time. */
const taipei = (dateTime: string) => new Date(`${dateTime}+08:00`);

describe('withinOpeningHours', () => {
  it('opens at 08:00 Taipei time, not a minute before', () => {
    expect(withinOpeningHours(taipei('2026-11-23T07:59:59'), 'member')).toBe(false);
    expect(withinOpeningHours(taipei('2026-11-23T08:00:00'), 'member')).toBe(true);
    expect(withinOpeningHours(taipei('2026-11-23T07:59:59'), 'authority')).toBe(false);
  });

  it('in term lets members open until 21:50 (they leave 10 minutes before 22:00)', () => {
    expect(withinOpeningHours(taipei('2026-11-23T21:49:59'), 'member')).toBe(true);
    expect(withinOpeningHours(taipei('2026-11-23T21:50:00'), 'member')).toBe(false);
    expect(withinOpeningHours(taipei('2026-11-23T21:59:00'), 'member')).toBe(false);
  });

  it('in term lets the opendoor authority open until 22:00', () => {
    expect(withinOpeningHours(taipei('2026-11-23T21:55:00'), 'authority')).toBe(true);
    expect(withinOpeningHours(taipei('2026-11-23T21:59:59'), 'authority')).toBe(true);
    expect(withinOpeningHours(taipei('2026-11-23T22:00:00'), 'authority')).toBe(false);
  });

  it('in the holidays closes at 17:00, members at 16:50', () => {
    const holiday = '2026-07-15';
    expect(openingWindow(taipei(`${holiday}T12:00:00`), 'member')).toEqual({
      period: 'holidays',
      opensAtMinute: 480,
      closesAtMinute: 1020,
      lastMinute: 1010,
    });
    expect(withinOpeningHours(taipei(`${holiday}T16:49:59`), 'member')).toBe(true);
    expect(withinOpeningHours(taipei(`${holiday}T16:50:00`), 'member')).toBe(false);
    expect(withinOpeningHours(taipei(`${holiday}T16:59:00`), 'authority')).toBe(true);
    expect(withinOpeningHours(taipei(`${holiday}T17:00:00`), 'authority')).toBe(false);
    expect(withinOpeningHours(taipei(`${holiday}T18:00:00`), 'member')).toBe(false);
  });

  it('judges the hour in Taipei, whatever the UTC date', () => {
    // 13:55Z is 21:55 in Taipei: closed to members, open to the authority.
    expect(withinOpeningHours(new Date('2026-11-23T13:55:00Z'), 'member')).toBe(false);
    expect(withinOpeningHours(new Date('2026-11-23T13:55:00Z'), 'authority')).toBe(true);
    // 23:30Z on 11/22 is 07:30 on 11/23 in Taipei: not yet open.
    expect(withinOpeningHours(new Date('2026-11-22T23:30:00Z'), 'authority')).toBe(false);
    // 00:30Z is 08:30 in Taipei.
    expect(withinOpeningHours(new Date('2026-11-23T00:30:00Z'), 'member')).toBe(true);
  });

  it('switches from the holiday hours to the term hours at Taipei midnight of 2/15', () => {
    expect(withinOpeningHours(taipei('2026-02-14T18:00:00'), 'member')).toBe(false);
    expect(withinOpeningHours(taipei('2026-02-15T18:00:00'), 'member')).toBe(true);
  });
});
