import { describe, expect, it } from 'vitest';
import { DIRECT_UPLOAD_CONCURRENCY, type QueueProgress, runUploadQueue } from './upload-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runUploadQueue', () => {
  it('runs at most 3 at a time, counts a failure as done, and reports which succeeded', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const progress: QueueProgress[] = [];
    const failed: number[] = [];
    const results = await runUploadQueue(
      [1, 2, 3, 4, 5, 6, 7],
      async (item) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await tick();
        await tick();
        running -= 1;
        if (item === 4) throw new Error('network');
      },
      { onProgress: (step) => progress.push(step), onFailure: (item) => failed.push(item) },
    );
    expect(mostAtOnce).toBe(DIRECT_UPLOAD_CONCURRENCY);
    expect(results).toEqual([true, true, true, false, true, true, true]);
    expect(failed).toEqual([4]);
    expect(progress.map((step) => step.completed)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(progress.at(-1)).toEqual({ completed: 7, total: 7 });
  });

  it('does nothing for no files', async () => {
    expect(await runUploadQueue([], async () => undefined)).toEqual([]);
  });
});
