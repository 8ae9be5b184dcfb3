// Toasts for the spec's messages (danger is red). @mantine/notifications is loaded with the first toast
// rather than with the app, to keep the first load small; its store queues what is shown meanwhile.

/** Toasts stay 4 s (spec doc 3, section 9). */
export const TOAST_DURATION_MS = 4_000;

type NotificationsModule = typeof import('@mantine/notifications');

let notificationsModule: Promise<NotificationsModule> | null = null;
const hostListeners = new Set<() => void>();
let hostNeeded = false;

/** The notifications package, loaded once on first use. */
export function loadNotifications(): Promise<NotificationsModule> {
  notificationsModule ??= import('@mantine/notifications');
  if (!hostNeeded) {
    hostNeeded = true;
    for (const listener of hostListeners) listener();
  }
  return notificationsModule;
}

/** For the toast host: whether a toast was ever asked for, and a way to hear when it first is. */
export const toastHostStore = {
  subscribe(listener: () => void): () => void {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
  isNeeded: (): boolean => hostNeeded,
};

const show = (color: string, message: string): void => {
  loadNotifications()
    .then(({ notifications }) =>
      notifications.show({ color, message, autoClose: TOAST_DURATION_MS, withBorder: true }),
    )
    .catch((error: unknown) => {
      // Without the toast module (offline after a deploy) the message still reaches the person.
      console.error('toast failed', error);
      window.alert(message);
    });
};

export const toast = {
  danger: (message: string) => show('red', message),
  success: (message: string) => show('green', message),
  info: (message: string) => show('blue', message),
};
