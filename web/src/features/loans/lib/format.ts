import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';

/** A time as Taipei wall time to the minute ('' for null). */
export const taipeiMinutes = (iso: string | null): string =>
  iso === null ? '' : formatTaipeiSeconds(iso).slice(0, 16);
