import { notifications } from '@mantine/notifications';

/** Toasts stay 4 s (spec doc 3, section 9). */
export const TOAST_DURATION_MS = 4_000;

const show = (color: string, message: string) =>
  notifications.show({ color, message, autoClose: TOAST_DURATION_MS, withBorder: true });

/** The spec's toast kinds: danger is red. */
export const toast = {
  danger: (message: string) => show('red', message),
  success: (message: string) => show('green', message),
  info: (message: string) => show('blue', message),
};
