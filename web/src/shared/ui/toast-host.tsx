import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadNotifications, toastHostStore } from './toast';

const Notifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));

/** Mounts the toast container once the first toast is asked for. */
export function ToastHost() {
  const needed = useSyncExternalStore(
    toastHostStore.subscribe,
    toastHostStore.isNeeded,
    toastHostStore.isNeeded,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}
