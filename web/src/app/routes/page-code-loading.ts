import { useSyncExternalStore } from 'react';

// How many pages' code a render is waiting for. A menu link's navigation is a transition (React Router
// wraps it in startTransition), so while the next page's code loads React keeps the current page on
// screen; this count lets the layout show that something is on its way (page-loading-bar.tsx).

let loading = 0;
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

/** Counts `code` as loading until it settles, and returns it unchanged. */
export function trackPageCode<T>(code: Promise<T>): Promise<T> {
  loading += 1;
  // Called while React renders the page that asked for the code: listeners hear of it after that
  // render, since updating another component during a render is not allowed.
  queueMicrotask(tell);
  const done = () => {
    loading -= 1;
    tell();
  };
  code.then(done, done);
  return code;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether some page's code that a render asked for is still loading. */
export const isPageCodeLoading = (): boolean => loading > 0;

/** True while a render waits for some page's code. */
export const usePageCodeLoading = (): boolean =>
  useSyncExternalStore(subscribe, isPageCodeLoading, () => false);
