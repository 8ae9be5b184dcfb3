// The giclee (fine-art inkjet) rules, pure: printed area, the fee from the paper's price, which paper a job
// is on, whose job it is, whether it is paid, and the 5-minute printer-down rule. docs/giclee.md.
import { lineAmountCents } from '../stock/quantity.ts';

/** 才 (Taiwanese square foot): one 台尺 (303 mm) squared, the unit giclee paper is priced in. */
export const MM2_PER_CAI = 303 * 303;
/** One square inch in mm² (25.4²), for AdminP6000Stat's print volume. */
export const MM2_PER_SQUARE_INCH = 645.16;
/** The printer counts as down when no poll has reached it for this long (document 3). */
export const PRINTER_DOWN_AFTER_MS = 5 * 60 * 1000;
/** An unpaid job older than this counts for the gicleePrintingDue staff warning. */
export const PRINTING_DUE_AFTER_MS = 3 * 24 * 3600 * 1000;
/** Status text of a finished job (shown plain; every other status is highlighted). */
export const COMPLETED = 'Completed';

/** The height that counts: the staff's overwrite (mm) when set, else what the printer measured. */
export const effectiveHeightMm = (job: { heightMm: number; heightOverwriteMm: number | null }): number =>
  job.heightOverwriteMm ?? job.heightMm;

/** Printed area in thousandths of a 才, rounded up (a started thousandth is charged). */
export function areaMilliCai(widthMm: number, heightMm: number): number {
  if (!(widthMm >= 0 && heightMm >= 0)) throw new Error(`not a size: ${widthMm} x ${heightMm}`);
  // Sizes come with at most 0.1 mm; scaling to integers keeps the product exact.
  const area = Math.round(widthMm * 10) * Math.round(heightMm * 10); // in 0.01 mm²
  return Math.ceil((area * 1000) / (MM2_PER_CAI * 100) - 1e-9);
}

export const squareInches = (widthMm: number, heightMm: number): number =>
  (widthMm * heightMm) / MM2_PER_SQUARE_INCH;

/** The fee in cents: the area times the paper's price per 才, rounded up to whole NTD; null if unpriced. */
export function computedFeeCents(areaMilli: number, paperPriceCents: number | null): number | null {
  if (paperPriceCents === null) return null;
  return lineAmountCents(areaMilli, paperPriceCents);
}

/** A giclee paper as the rules need it (a stock item of the GICLEE account with its gicleejson). */
export interface GicleePaper {
  stockPk: number;
  name: string;
  priceCents: number | null;
  payable: boolean;
  kind: string;
  keyword: string;
}

/**
 * The paper a job was printed on: the first paper whose keyword appears in the job's name, else in its
 * media text (case-insensitive); null when none matches (staff set it with setpapertype).
 */
export function matchPaper(
  job: { name: string; media: string },
  papers: readonly GicleePaper[],
): number | null {
  const withKeyword = papers.filter((paper) => paper.keyword.trim() !== '');
  for (const text of [job.name, job.media]) {
    const lower = text.toLowerCase();
    const found = withKeyword.find((paper) => lower.includes(paper.keyword.trim().toLowerCase()));
    if (found) return found.stockPk;
  }
  return null;
}

/** The member a job belongs to: a `U00102` pkstr in its file name (the club's naming rule), else null. */
export function ownerPkOf(name: string): number | null {
  const match = /(?:^|[^A-Za-z0-9])U(\d{5})(?![0-9])/.exec(name) ?? /^U(\d{5})(?![0-9])/.exec(name);
  if (!match) return null;
  const pk = Number(match[1]);
  return pk > 0 ? pk : null;
}

/** What decides whether a job waits for payment. */
export interface PaymentFacts {
  needPayment: boolean;
  paid: boolean;
  /** The job's paper is payable (an unknown paper still needs payment, once staff set it). */
  paperPayable: boolean | null;
}

/** A job waits for payment when it needs payment, its paper is not marked unpayable, and nothing paid it. */
export const isUnpaid = (facts: PaymentFacts): boolean =>
  facts.needPayment && !facts.paid && facts.paperPayable !== false;

/** The printer-down rule: unreachable for over 5 minutes since the last successful poll. */
export function printerDown(lastSuccessAt: Date | null, since: Date, now: Date): boolean {
  const from = lastSuccessAt ?? since;
  return now.getTime() - from.getTime() > PRINTER_DOWN_AFTER_MS;
}
