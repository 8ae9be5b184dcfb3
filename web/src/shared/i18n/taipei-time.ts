const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An ISO instant as Taipei wall time to the second, 'YYYY-MM-DD HH:mm:ss' ('' when unreadable). */
export const formatTaipeiSeconds = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + TAIPEI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
};
