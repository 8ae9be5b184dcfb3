// Direct uploads run in parallel, at most 3 at a time (document 2, section 9: direct upload concurrency
// 3). A failed file counts as done, so progress always reaches the total; the caller learns which
// finished. Pure of the DOM, so it is unit-tested with plain promises.

/** At most this many direct uploads at once. */
export const DIRECT_UPLOAD_CONCURRENCY = 3;

export interface QueueProgress {
  completed: number;
  total: number;
}

/**
 * Runs `work` over the items, at most `limit` at a time; `onProgress` after each one ends (ok or not).
 * Answers, per item in order, whether it succeeded.
 */
export async function runUploadQueue<Item>(
  items: readonly Item[],
  work: (item: Item) => Promise<void>,
  options: {
    limit?: number;
    onProgress?: (progress: QueueProgress) => void;
    onFailure?: (item: Item, error: unknown) => void;
  } = {},
): Promise<boolean[]> {
  const limit = Math.max(1, options.limit ?? DIRECT_UPLOAD_CONCURRENCY);
  const results: boolean[] = new Array(items.length).fill(false);
  let next = 0;
  let completed = 0;
  const runner = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as Item;
      try {
        await work(item);
        results[index] = true;
      } catch (error) {
        options.onFailure?.(item, error);
      }
      completed += 1;
      options.onProgress?.({ completed, total: items.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}
