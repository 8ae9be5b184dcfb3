import { describe, expect, it } from 'vitest';
import { LAST_STEP, stepAllowed, stepOf } from './step-rules';

describe('duo print steps', () => {
  it('reads the step from the address; anything else is the menu', () => {
    expect(stepOf('22')).toBe(22);
    expect(stepOf(undefined)).toBe(0);
    expect(stepOf(String(LAST_STEP + 1))).toBe(0);
    expect(stepOf('x')).toBe(0);
  });

  it('the results wait for both photos: the flow returns to the photo that is missing', () => {
    expect(stepAllowed(25, { left: false, right: true })).toBe(22);
    expect(stepAllowed(24, { left: true, right: false })).toBe(23);
    expect(stepAllowed(27, { left: true, right: true })).toBe(27);
    expect(stepAllowed(28, { left: false, right: false })).toBe(28);
    expect(stepAllowed(5, { left: false, right: false })).toBe(5);
  });
});
