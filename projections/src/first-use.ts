// Values computed at their first use: a model restored from the snapshot is restored whole when something
// first reads it (snapshot.ts, ledger-stored.ts), so a start does not pay for the parts it does not need.

/**
 * Makes `target[key]` a property that computes its value when first read (or takes the value first written)
 * and from then on is a plain data property holding it. Synchronous: a reader never sees part of a value.
 */
export function defineOnFirstUse<T extends object>(
  target: T,
  key: PropertyKey,
  compute: () => unknown,
  onSettled?: () => void,
): void {
  const settle = (value: unknown) => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    onSettled?.();
    return value;
  };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => settle(compute()),
    set: (value: unknown) => settle(value),
  });
}

/** Whether `target[key]` still waits for its first use. */
export const waitsForFirstUse = (target: object, key: PropertyKey): boolean =>
  Object.getOwnPropertyDescriptor(target, key)?.get !== undefined;
