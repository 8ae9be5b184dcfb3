import { describe, expect, it } from 'vitest';
import { bookedRooms, daysFrom, defaultRange, formProblem, holderOf, rangeOf, slotMinutes } from './grid';

const row = {
  pk: 'r1',
  room: ['a', 'b'],
  startmoment: '2026-11-24T04:00:00.000Z',
  endmoment: '2026-11-24T07:00:00.000Z',
};

describe('reservation grid', () => {
  it('shows 15 days from the first and 28 half-hour slots from 08:00', () => {
    const days = daysFrom('2026-11-22T16:00:00.000Z');
    expect(days).toHaveLength(15);
    expect(days[0]).toBe('2026-11-23');
    expect(days[14]).toBe('2026-12-07');
    expect(slotMinutes).toHaveLength(28);
    expect(slotMinutes[0]).toBe(480);
    expect(slotMinutes[27]).toBe(1290);
  });
  it('finds the holder of a room-slot', () => {
    expect(holderOf([row], 'a', '2026-11-24', 720)).toBe(row);
    expect(holderOf([row], 'a', '2026-11-24', 900)).toBeUndefined();
    expect(holderOf([row], 'c', '2026-11-24', 720)).toBeUndefined();
  });
  it('defaults to 12:00-15:00, or 2 hours from a clicked slot cut at 22:00', () => {
    expect(defaultRange()).toEqual([720, 900]);
    expect(defaultRange(600)).toEqual([600, 720]);
    expect(defaultRange(1290)).toEqual([1290, 1320]);
  });
  it('excludes rooms others hold in the range, not the reservation being changed', () => {
    expect(bookedRooms([row], ['a', 'c'], '2026-11-24', [840, 960], null)).toEqual(['a']);
    expect(bookedRooms([row], ['a', 'c'], '2026-11-24', [840, 960], 'r1')).toEqual([]);
    expect(bookedRooms([row], ['a'], '2026-11-24', [900, 960], null)).toEqual([]);
    expect(rangeOf(row)).toEqual({ day: '2026-11-24', range: [720, 900] });
  });
  it('asks for a time first, then a room', () => {
    expect(formProblem([720, 720], [])).toBe('notime');
    expect(formProblem([720, 780], [])).toBe('noroom');
    expect(formProblem([720, 780], ['a'])).toBeNull();
  });
});
