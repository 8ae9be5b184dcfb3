// The room-booking helper (AdminActPlace, document 3): staff enter wishes for university rooms, and at the
// moment the university's booking opens a worker books them, trying each wish's choices in order.

/** The university's booking opens at this Taipei wall-clock time every day. */
export const BOOKING_OPENS_AT = '10:00:00';
export const BOOKING_OPENS_HOUR = 10;
/** Choices (rooms) per wish, tried in order. */
export const MAX_CHOICES = 6;
/** A booked room must be verified on the university's site within this many days. */
export const VERIFY_WITHIN_DAYS = 14;
/** The page polls this often. */
export const POLL_INTERVAL_MS = 3000;
/** The page warns that the worker cannot connect when its last heartbeat is older than this. */
export const WORKER_STALE_MS = 5000;
