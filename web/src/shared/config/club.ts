// Business constants the pages show (spec doc 1, section 9 and doc 3, section 9).

/** The member fee per semester, in whole NTD; not refundable or deferrable. */
export const MEMBER_FEE_NTD = 600;
/** Door permissions take about this long after paying the fee. */
export const DOOR_PERMISSION_DELAY_WEEKS = 2;
