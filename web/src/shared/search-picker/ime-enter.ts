// IME-safe Enter (document 2, section 5): an Enter that ends an input-method composition (Zhuyin,
// Cangjie, ...) must not choose or submit. Some browsers send that Enter after compositionend, so an
// Enter within 100 ms of the composition's end is ignored too.

/** How long after a composition ends an Enter still belongs to it. */
export const IME_SETTLE_MS = 100;

export interface EnterGuard {
  compositionStart(): void;
  compositionEnd(at: number): void;
  /** Whether an Enter at `at` must be ignored (`composing`: the event's own isComposing flag). */
  ignoresEnter(at: number, composing: boolean): boolean;
}

export function createEnterGuard(): EnterGuard {
  let composing = false;
  let endedAt = Number.NEGATIVE_INFINITY;
  return {
    compositionStart() {
      composing = true;
    },
    compositionEnd(at) {
      composing = false;
      endedAt = at;
    },
    ignoresEnter(at, eventComposing) {
      return eventComposing || composing || at - endedAt < IME_SETTLE_MS;
    },
  };
}
