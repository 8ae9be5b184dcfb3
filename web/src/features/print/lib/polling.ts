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
