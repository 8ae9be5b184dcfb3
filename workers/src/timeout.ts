/** What {@link withTimeout} answers when the promise did not settle in time. */
export const timedOut = Symbol('timedOut');

/**
 * Races `promise` against `timeoutMs`: the API side of the queues and the device link must answer a person
 * within a second whether Redis answers or not. The promise itself is not cancelled.
 */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<typeof timedOut>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
