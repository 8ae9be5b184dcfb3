import { describe, expect, it } from 'vitest';
import { workerCannotConnect } from './freshness';

const serverNow = '2026-11-23T02:00:10.000Z';
describe('workerCannotConnect', () => {
  it('warns when no poll answered for over 5 s, or the host was last heard of over 5 s before', () => {
    const fresh = {
      answeredAtMs: 1_000,
      nowMs: 3_000,
      serverNow,
      heartbeatAt: '2026-11-23T02:00:08.000Z',
      online: true,
    };
    expect(workerCannotConnect(fresh)).toBe(false);
    expect(workerCannotConnect({ ...fresh, nowMs: 6_001 })).toBe(true);
    expect(workerCannotConnect({ ...fresh, heartbeatAt: '2026-11-23T02:00:04.999Z' })).toBe(true);
    expect(workerCannotConnect({ ...fresh, heartbeatAt: null })).toBe(true);
    expect(workerCannotConnect({ ...fresh, online: false })).toBe(true);
    // Before the first answer there is nothing to judge yet.
    expect(workerCannotConnect({ ...fresh, answeredAtMs: null })).toBe(false);
  });
});
