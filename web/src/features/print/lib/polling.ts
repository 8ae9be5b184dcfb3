// The print project's polling (document 2: every 2.5 s while running, a full refresh every 6th poll).

export const RUNNING_STATUSES: readonly string[] = ['queued', 'running'];

export const isRunning = (status: string): boolean => RUNNING_STATUSES.includes(status);

/** What the n-th poll (from 1) asks: the whole project every 6th time, else the lastlog only. */
export const pollKind = (n: number, every = 6): 'full' | 'lastlog' => (n % every === 0 ? 'full' : 'lastlog');

/** The uploader column shows to staff, or to the owner when several users uploaded (the API decides). */
export const showUploaderColumn = (
  viewer: { isStaff: boolean; isOwner: boolean },
  uploaders: number,
): boolean => viewer.isStaff || (viewer.isOwner && uploaders > 1);

/**
 * After an upload the project is refreshed 2 s after the last upload (a debounce), then again at 5 s and
 * 20 s, when the server has read the new files' information (document 2: upload refresh).
 */
export const UPLOAD_REFRESH_MS = [2_000, 5_000, 20_000] as const;

/** Schedules the refreshes; a new upload restarts them. Returns the cancel function. */
export function scheduleUploadRefresh(refresh: () => void, previous?: () => void): () => void {
  previous?.();
  const timers = UPLOAD_REFRESH_MS.map((delay) => setTimeout(refresh, delay));
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
