import { describe, expect, it } from 'vitest';
import { isMissingData, newEntryForm, setEnd, setStaffOnly, setStart } from './form';

describe('calendar form', () => {
  it('sets colour 7 for staff-only and restores the previous colour when switched back', () => {
    const chosen = { ...newEntryForm('2026-11-24'), colorindex: 4 };
    const staff = setStaffOnly(chosen, true);
    expect(staff).toMatchObject({ staff: true, colorindex: 7 });
    expect(setStaffOnly(staff, false)).toMatchObject({ staff: false, colorindex: 4 });
  });

  it('restores colour 0 when there was no previous colour (an entry saved as staff-only)', () => {
    const saved = { ...newEntryForm('2026-11-24'), staff: true, colorindex: 7 };
    expect(setStaffOnly(saved, false)).toMatchObject({ staff: false, colorindex: 0 });
  });

  it('keeps start and end ordered by moving the other one', () => {
    const form = { ...newEntryForm('2026-11-24'), end: '2026-11-26' };
    expect(setStart(form, '2026-11-28')).toMatchObject({ start: '2026-11-28', end: '2026-11-28' });
    expect(setStart(form, '2026-11-25')).toMatchObject({ start: '2026-11-25', end: '2026-11-26' });
    expect(setEnd(form, '2026-11-20')).toMatchObject({ start: '2026-11-20', end: '2026-11-20' });
  });

  it('needs a title, a start and an end', () => {
    expect(isMissingData(newEntryForm('2026-11-24'))).toBe(true);
    expect(isMissingData({ ...newEntryForm('2026-11-24'), title: '社展' })).toBe(false);
    expect(isMissingData({ ...newEntryForm('2026-11-24'), title: '社展', end: '' })).toBe(true);
  });
});
