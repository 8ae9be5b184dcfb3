import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';
import type { PageModule } from '../routes-table';
import { trackPageCode } from './page-code-loading';

/** A lazily loaded page that can be asked to load before it is first rendered. */
export interface LazyPage {
  /** Starts loading the page's code (and its imports) now; safe to call any number of times. */
  preload: () => Promise<void>;
  /** The page once its code is in, else null. */
  loaded: () => ComponentType | null;
  suspending: LazyExoticComponent<ComponentType>;
}

/**
 * Like React.lazy, but once the code is in (preloaded while the start-up waits for /api/user/check and
 * the catalog), the page renders at once instead of suspending for one more turn behind the loader.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | null = null;
  let loaded: ComponentType | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed load (a new deployment, the network) is tried again by the next render that needs it.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    // The render that needs the page reports a failure (the error boundary); a preload stays quiet.
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
    loaded: () => loaded,
    // Counted while loading only when a render asked for it (not a preload): that render is waiting.
    suspending: lazy(() => trackPageCode(loadOnce())),
  };
}

/** Shows the page, suspending (the nearest Suspense shows its fallback) only while its code loads. */
export function LazyPageView({ page }: { page: LazyPage }) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later render
  // would be a different element type, and React would remount the page and lose its state.
  const [Page] = useState<ComponentType>(() => page.loaded() ?? page.suspending);
  return <Page />;
}
