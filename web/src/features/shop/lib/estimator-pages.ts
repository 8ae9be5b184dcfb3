// The estimator pages among UserPriceList's accountprefix values (document 1, section 2).
export const ESTIMATOR_PAGES = [
  'estimateAluFrame',
  'estimateCanvasFrame',
  'estimateCardBoard',
  'estimateAcrylic',
  'estimateFoamBoard',
] as const;

export type EstimatorPage = (typeof ESTIMATOR_PAGES)[number];

export const isEstimatorPage = (prefix: string | undefined): prefix is EstimatorPage =>
  (ESTIMATOR_PAGES as readonly string[]).includes(prefix ?? '');
