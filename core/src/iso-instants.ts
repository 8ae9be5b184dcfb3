// Comparing stored ISO times without parsing them: times in `toISOString` form (UTC, milliseconds, years
// 0000-9999, the form every event stores) sort as strings exactly as their instants do. Scans over years
// of records (statistics, point totals) compare millions of them; a Date.parse each was most of their time.

/** True for a time in `toISOString` form, such as 2026-12-06T05:04:30.994Z. */
export const isCanonicalIso = (iso: string): boolean =>
  iso.length === 24 && iso.charCodeAt(10) === 84 /* T */ && iso.charCodeAt(23) === 90; /* Z */
