// The duo print flow (document 2: steps 0 to 29). 0 the menu with the QR code; 1 to 21 the paper-loading
// instructions, whose wording the spec does not show (ours: docs/duo-print.md); 22 and 23 the left and
// right photos; 24 to 27 the results; 28 download and settings; 29 the final instruction.

export const LAST_STEP = 29;
export const LEFT_PHOTO_STEP = 22;
export const RIGHT_PHOTO_STEP = 23;
export const FIRST_RESULT_STEP = 24;
export const DOWNLOAD_STEP = 28;

/** The step in the address, or 0 for anything that is not a step. */
export function stepOf(raw: string | undefined): number {
  const step = Number(raw ?? '0');
  return Number.isInteger(step) && step >= 0 && step <= LAST_STEP ? step : 0;
}

/** The results (24 to 27) need both photos analysed (document 2): without them the flow goes back. */
export function stepAllowed(step: number, analysed: { left: boolean; right: boolean }): number {
  if (step < FIRST_RESULT_STEP || step === DOWNLOAD_STEP || step === LAST_STEP) return step;
  if (!analysed.left) return LEFT_PHOTO_STEP;
  if (!analysed.right) return RIGHT_PHOTO_STEP;
  return step;
}
