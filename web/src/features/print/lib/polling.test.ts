import { describe, expect, it } from 'vitest';
import { isRunning, pollKind, showUploaderColumn } from './polling';

describe('print polling', () => {
  it('refreshes the whole project every 6th poll and only the lastlog otherwise', () => {
    expect(Array.from({ length: 12 }, (_, index) => pollKind(index + 1))).toEqual([
      'lastlog',
      'lastlog',
      'lastlog',
      'lastlog',
      'lastlog',
      'full',
      'lastlog',
      'lastlog',
      'lastlog',
      'lastlog',
      'lastlog',
      'full',
    ]);
  });

  it('polls while queued or running only', () => {
    expect(['none', 'queued', 'running', 'end', 'error'].map(isRunning)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('shows the uploader column to staff, or to the owner when several users uploaded', () => {
    expect(showUploaderColumn({ isStaff: true, isOwner: false }, 1)).toBe(true);
    expect(showUploaderColumn({ isStaff: false, isOwner: true }, 1)).toBe(false);
    expect(showUploaderColumn({ isStaff: false, isOwner: true }, 2)).toBe(true);
    expect(showUploaderColumn({ isStaff: false, isOwner: false }, 3)).toBe(false);
  });
});

describe('upload refresh', () => {
  it('refreshes 2 s after the last upload, then at 5 s and 20 s', async () => {
    const { vi } = await import('vitest');
    const { scheduleUploadRefresh } = await import('./polling');
    vi.useFakeTimers();
    const refresh = vi.fn();
    let cancel = scheduleUploadRefresh(refresh);
    vi.advanceTimersByTime(1_500);
    // A second upload restarts the schedule.
    cancel = scheduleUploadRefresh(refresh, cancel);
    vi.advanceTimersByTime(1_999);
    expect(refresh).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(15_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    cancel();
    vi.useRealTimers();
  });
});
