import { describe, expect, it } from 'vitest';
import { retention } from './statistics.ts';

describe('retention', () => {
  it('follows each semester’s people into every later semester up to the newest, a gap counting as absent', () => {
    const sets = new Map([
      ['113-2', new Set([1, 2, 3])],
      ['114-1', new Set([1, 4])],
      // 114-2: nobody (a semester without a roster).
      ['115-1', new Set([1, 2, 4])],
    ]);
    expect(retention(sets, '115-1')).toEqual([
      { semester: '113-2', size: 3, later: [1, 0, 2] },
      { semester: '114-1', size: 2, later: [0, 2] },
      { semester: '115-1', size: 3, later: [] },
    ]);
  });

  it('counts on to a newer semester than any roster (the current one)', () => {
    expect(retention(new Map([['114-2', new Set([7])]]), '115-1')).toEqual([
      { semester: '114-2', size: 1, later: [0] },
    ]);
  });
});
