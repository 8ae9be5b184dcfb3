// Reads a phone photo of one edge of the printed test sheet: finds the 29 mm reference bar (its area and
// known proportions give the scale, its axis the orientation) and the back's mark, and measures how far
// the mark is from where it should be, in millimetres of the sheet frame. sharp decodes the pixels; the
// rest is plain arithmetic on a greyscale buffer (flat-field, threshold, connected parts, moments).
import {
  MARK_DIAMETER_MM,
  NOMINAL_MARK_MM,
  REFERENCE_BAR_LENGTH_MM,
  REFERENCE_BAR_THICKNESS_MM,
  TOO_FAR_OUT_Y_MM,
} from './constants.ts';
import { findDarkParts, flatField, type Grey, type Part } from './pixels.ts';

/** Why a photo gives no offset: no bar seen, no mark seen, or the back is too far out to correct. */
export type PhotoRefusal = 'noReferenceBar' | 'noMark' | 'tooFarOut';

export type PhotoAnalysis =
  | { ok: true; offsetMm: { x: number; y: number }; mmPerPx: number }
  | { ok: false; reason: PhotoRefusal; offsetMm?: { x: number; y: number } };

/** Photos are reduced to this longest side first: enough for 0.1 mm, quick on a small server. */
const WORKING_SIZE_PX = 1200;
const BAR_RATIO = REFERENCE_BAR_LENGTH_MM / REFERENCE_BAR_THICKNESS_MM;

export async function analyseEdgePhoto(bytes: Buffer): Promise<PhotoAnalysis> {
  // Loaded at the first photo: a start of the portal does not need sharp (docs/performance.md).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: WORKING_SIZE_PX, height: WORKING_SIZE_PX, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey: Grey = { width: info.width, height: info.height, data: new Uint8Array(data) };
  return analyseGrey(grey);
}

export function analyseGrey(grey: Grey): PhotoAnalysis {
  const darkness = flatField(grey);
  const parts = findDarkParts(darkness, grey.width, grey.height, 0.45);
  const bar = pickBar(parts);
  if (!bar) return { ok: false, reason: 'noReferenceBar' };
  const barShape = weightedShape(darkness, grey.width, bar, parts);
  // For a bar of L × W, the spread along and across it is L²/12 and W²/12, and a blur adds the same to
  // both: their difference with L / W known gives the length whatever the blur or the ink's darkness.
  const lengthPx = Math.sqrt(
    (12 * (barShape.majorVariance - barShape.minorVariance)) / (1 - 1 / BAR_RATIO ** 2),
  );
  const mmPerPx = REFERENCE_BAR_LENGTH_MM / lengthPx;
  const expectedMarkAreaPx = (Math.PI * (MARK_DIAMETER_MM / 2) ** 2) / mmPerPx ** 2;
  const mark = pickMark(parts, bar, barShape, expectedMarkAreaPx, mmPerPx);
  if (!mark) return { ok: false, reason: 'noMark' };
  const markShape = weightedShape(darkness, grey.width, mark, parts);
  // The sheet's y axis is the bar's normal pointing to the mark; x follows it as image x follows image y.
  const across = { x: -Math.sin(barShape.angle), y: Math.cos(barShape.angle) };
  const relative = { x: markShape.centre.x - barShape.centre.x, y: markShape.centre.y - barShape.centre.y };
  if (relative.x * across.x + relative.y * across.y < 0) {
    across.x = -across.x;
    across.y = -across.y;
  }
  const along = { x: across.y, y: -across.x };
  const xMm = (relative.x * along.x + relative.y * along.y) * mmPerPx;
  const yMm = (relative.x * across.x + relative.y * across.y) * mmPerPx;
  const offsetMm = { x: round2(xMm - NOMINAL_MARK_MM.x), y: round2(yMm - NOMINAL_MARK_MM.y) };
  if (offsetMm.y >= TOO_FAR_OUT_Y_MM) return { ok: false, reason: 'tooFarOut', offsetMm };
  return { ok: true, offsetMm, mmPerPx };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The largest dark part shaped like the bar (its axes in the bar's ratio, give or take perspective). */
function pickBar(parts: readonly Part[]): Part | undefined {
  return parts
    .filter(
      (part) => part.area >= 400 && part.elongation > BAR_RATIO * 0.7 && part.elongation < BAR_RATIO * 1.35,
    )
    .sort((first, second) => second.area - first.area)[0];
}

/** The roundish part of about the mark's size on the bar's side, nearest to the nominal place. */
function pickMark(
  parts: readonly Part[],
  bar: Part,
  barShape: Shape,
  expectedAreaPx: number,
  mmPerPx: number,
): Part | undefined {
  const candidates = parts.filter(
    (part) =>
      part !== bar &&
      part.elongation < 1.6 &&
      part.area > expectedAreaPx * 0.35 &&
      part.area < expectedAreaPx * 2.5,
  );
  const nominalDistancePx = Math.hypot(NOMINAL_MARK_MM.x, NOMINAL_MARK_MM.y) / mmPerPx;
  const score = (part: Part) =>
    Math.abs(
      Math.hypot(part.centre.x - barShape.centre.x, part.centre.y - barShape.centre.y) - nominalDistancePx,
    );
  return candidates.sort((first, second) => score(first) - score(second))[0];
}

interface Shape {
  /** Sum of darkness over the part, in pixels of full ink. */
  area: number;
  /** Weighted variance along and across the long axis, px². */
  majorVariance: number;
  minorVariance: number;
  centre: { x: number; y: number };
  /** Direction of the long axis, radians. */
  angle: number;
}

/**
 * Moments weighted by darkness over the part's box widened by a margin (so blurred edges count), leaving
 * out pixels of other parts. Weights are not clipped at zero: the paper's noise then averages out.
 */
function weightedShape(darkness: Float32Array, width: number, part: Part, parts: readonly Part[]): Shape {
  const margin = 6;
  const height = darkness.length / width;
  const x0 = Math.max(0, part.box.x0 - margin);
  const x1 = Math.min(width - 1, part.box.x1 + margin);
  const y0 = Math.max(0, part.box.y0 - margin);
  const y1 = Math.min(height - 1, part.box.y1 + margin);
  const others = parts.filter(
    (other) =>
      other !== part &&
      other.box.x1 >= x0 - margin &&
      other.box.x0 <= x1 + margin &&
      other.box.y1 >= y0 - margin &&
      other.box.y0 <= y1 + margin,
  );
  const ink = part.inkLevel;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (others.some((other) => nearBox(other, x, y, 3))) continue;
      const w = darkness[y * width + x]! / ink;
      sum += w;
      sx += w * x;
      sy += w * y;
    }
  }
  const cx = sx / sum;
  const cy = sy / sum;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (others.some((other) => nearBox(other, x, y, 3))) continue;
      const w = darkness[y * width + x]! / ink;
      sxx += w * (x - cx) ** 2;
      syy += w * (y - cy) ** 2;
      sxy += w * (x - cx) * (y - cy);
    }
  }
  const vxx = sxx / sum;
  const vyy = syy / sum;
  const vxy = sxy / sum;
  const spread = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy);
  return {
    area: sum,
    majorVariance: (vxx + vyy) / 2 + spread,
    minorVariance: (vxx + vyy) / 2 - spread,
    centre: { x: cx + 0.5, y: cy + 0.5 },
    angle: 0.5 * Math.atan2(2 * vxy, vxx - vyy),
  };
}

const nearBox = (part: Part, x: number, y: number, margin: number) =>
  x >= part.box.x0 - margin &&
  x <= part.box.x1 + margin &&
  y >= part.box.y0 - margin &&
  y <= part.box.y1 + margin;
