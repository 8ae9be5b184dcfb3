// The unit points are kept in, in a module of its own without dependencies, so browser code that only
// formats or prices (totals.ts, discount.ts) does not pull in the parsing schemas of units.ts.

/** Hundredths in one point. One point is credited for one hour of work. */
export const HUNDREDTHS_PER_POINT = 100;
