// Preloaded into a portal under test (`startPortal({ clockAt })`) with `node --import`: its clock reads
// PORTAL_TEST_CLOCK_SHIFT_MS later (or earlier) than the machine's and runs on from there, so a browser test
// of rules that depend on the hour (the door's opening hours) gives the same answer whenever it runs.
// Only `new Date()` and `Date.now()` move; dates built from a value are unchanged.
const shift = Number(process.env.PORTAL_TEST_CLOCK_SHIFT_MS ?? '0');
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
