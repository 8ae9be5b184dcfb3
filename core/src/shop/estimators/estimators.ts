// The framing estimators (document 1, sections 5 and 9; issue 14, section 2) as pure functions: a size
// typed by the member becomes the stock lines the counter sells (quantities of the items in
// ESTIMATOR_STOCK_PKS) or a named rejection. Prices are the items' list prices, passed in (the page reads
// them with a quote; the member's own price is quoted again for the lines). Constants: ./config.ts,
// decisions: docs/shop.md.
import { type Fraction, fraction } from '../../exact.ts';
import {
  ALUMINIUM_NTD_PER_METRE,
  type AluminiumColour,
  BOARD_INCH,
  BOARD_MIN_SIDE_INCH,
  BOARD_PRICE_CAP_NTD,
  CANVAS_CUSTOM_EXTRA,
  CANVAS_MIN_SIDE_MM,
  CANVAS_ROLL_WIDTH_INCH,
  CANVAS_STANDARD_SIZES_CM,
  CANVAS_STRIPS,
  CANVAS_WRAP_MM,
  type CanvasStrip,
  ESTIMATOR_STOCK_PKS,
  type EstimatorStockItem,
  FRAME_COST_MULTIPLIER,
  FRAME_MAX_INCH,
  FRAME_MIN_SIDE,
  FRAME_PROFILE_MM,
  MM_PER_INCH,
  NTD_PER_RMB,
  WOOD_MODELS,
  WOOD_SIZE_CLASSES,
  type WoodColour,
  type WoodModel,
} from './config.ts';
import {
  caiMilliOf,
  ceilNtd,
  inchToMm,
  type LengthUnit,
  lineAmountNtd,
  ordered,
  parsePositiveDecimal,
  toMm,
} from './measure.ts';

/** What a line is for; the page words its cart label from it. */
export type EstimatePart = 'frame' | 'acrylic' | 'backing' | 'board' | 'canvas' | 'stretcher';

export interface EstimateLine {
  item: EstimatorStockItem;
  stockPk: number;
  part: EstimatePart;
  /** Thousandths of the item's unit (才, or NTD of work). */
  quantityMilli: number;
}

/**
 * Why no estimate: 'size_invalid' ('請檢查長寬'), 'too_small', 'too_big', 'wood_combination' (a wood
 * model that does not come in that colour), 'inventory' (an item the estimate uses is missing or has no
 * price: 'inventory data error, cannot add to cart').
 */
export type EstimateRejection =
  | { ok: false; reason: 'size_invalid' }
  | { ok: false; reason: 'too_small'; minimum: string; unit: LengthUnit }
  | { ok: false; reason: 'too_big'; maximum: string; unit: 'inch' }
  | { ok: false; reason: 'wood_combination' }
  | { ok: false; reason: 'inventory'; item: EstimatorStockItem };

export interface Estimate {
  ok: true;
  lines: EstimateLine[];
  /** The sum of the lines at list price, whole NTD each line. */
  listTotalNtd: number;
  /** Figures the page shows (mm, rounded inches, metres), as display strings. */
  details: Record<string, string>;
}

export type EstimateResult = Estimate | EstimateRejection;

/** List prices (NTD per unit) of the estimator items, as a quote found them; an absent item is missing. */
export type ListPrices = Partial<Record<EstimatorStockItem, number>>;

interface Size {
  width: string | number;
  height: string | number;
  unit: LengthUnit;
}

const show = (value: Fraction, places = 1): string => String(Number(value.round(places).valueOf()));

function parseSize(size: Size): { width: Fraction; height: Fraction } | null {
  const width = parsePositiveDecimal(size.width);
  const height = parsePositiveDecimal(size.height);
  return width && height ? { width, height } : null;
}

function priced(lines: EstimateLine[], prices: ListPrices, details: Record<string, string>): EstimateResult {
  let listTotalNtd = 0;
  for (const line of lines) {
    const price = prices[line.item];
    if (price === undefined) return { ok: false, reason: 'inventory', item: line.item };
    listTotalNtd += lineAmountNtd(line.quantityMilli, price);
  }
  return { ok: true, lines, listTotalNtd, details };
}

const line = (item: EstimatorStockItem, part: EstimatePart, quantityMilli: number): EstimateLine => ({
  item,
  stockPk: ESTIMATOR_STOCK_PKS[item],
  part,
  quantityMilli,
});

/** NTD of work as a quantity of a work item (one NTD of work per unit). */
const workMilli = (ntd: number): number => ntd * 1000;

// --- Aluminium and wood frames ---

export type FrameMaterial =
  | { kind: 'aluminium'; colour: AluminiumColour }
  | { kind: 'wood'; model: WoodModel; colour: WoodColour };

export interface FrameInput extends Size {
  material: FrameMaterial;
}

function woodRatio(metres: Fraction): Fraction {
  for (const sizeClass of WOOD_SIZE_CLASSES)
    if (sizeClass.upToMetres === null || metres.compare(fraction(sizeClass.upToMetres)) <= 0)
      return fraction(sizeClass.ratio);
  throw new Error('WOOD_SIZE_CLASSES must end with an unbounded class');
}

/**
 * A framed picture: the frame's work (1.25 × the moulding's cost), an acrylic of the picture's size and a
 * cardboard backing of the same size, each by the 才 (the "acrylic term of 110 per 300 × 300 area").
 */
export function estimateFrame(input: FrameInput, prices: ListPrices): EstimateResult {
  const size = parseSize(input);
  if (!size) return { ok: false, reason: 'size_invalid' };
  const widthMm = toMm(size.width, input.unit);
  const heightMm = toMm(size.height, input.unit);
  const [shortMm, longMm] = ordered(widthMm, heightMm);
  const minimum = FRAME_MIN_SIDE[input.unit];
  if (shortMm.compare(toMm(fraction(minimum), input.unit)) < 0)
    return { ok: false, reason: 'too_small', minimum, unit: input.unit };
  if (
    shortMm.compare(inchToMm(FRAME_MAX_INCH.short)) > 0 ||
    longMm.compare(inchToMm(FRAME_MAX_INCH.long)) > 0
  )
    return {
      ok: false,
      reason: 'too_big',
      maximum: `${FRAME_MAX_INCH.long} × ${FRAME_MAX_INCH.short}`,
      unit: 'inch',
    };
  const { material } = input;
  if (
    material.kind === 'wood' &&
    !(WOOD_MODELS[material.model].colours as readonly string[]).includes(material.colour)
  )
    return { ok: false, reason: 'wood_combination' };

  // Moulding: the perimeter plus each of the four mitred corners' waste (twice the profile width).
  const mouldingMetres = widthMm.add(heightMm).mul(2).add(fraction(FRAME_PROFILE_MM).mul(8)).div(1000);
  const perMetre =
    material.kind === 'aluminium'
      ? fraction(ALUMINIUM_NTD_PER_METRE)
      : fraction(WOOD_MODELS[material.model].rmbPerMetre)
          .mul(fraction(NTD_PER_RMB))
          .mul(woodRatio(mouldingMetres));
  const workNtd = ceilNtd(mouldingMetres.mul(perMetre).mul(fraction(FRAME_COST_MULTIPLIER)));
  const areaMilli = caiMilliOf(widthMm.mul(heightMm));
  const frameItem = material.kind === 'aluminium' ? 'aluminiumFrame' : 'woodFrame';
  return priced(
    [
      line(frameItem, 'frame', workMilli(workNtd)),
      line('acrylic', 'acrylic', areaMilli),
      line('cardboard', 'backing', areaMilli),
    ],
    prices,
    { widthMm: show(widthMm), heightMm: show(heightMm), mouldingMetres: show(mouldingMetres, 2) },
  );
}

// --- Canvas frames ---

export interface CanvasInput extends Size {
  strip: CanvasStrip;
}

/** Whether a size is one of the 14 standard sizes (either orientation, within 5 mm). */
export function isStandardCanvasSize(widthMm: Fraction, heightMm: Fraction): boolean {
  const [shortMm, longMm] = ordered(widthMm, heightMm);
  const near = (value: Fraction, cm: number) =>
    value
      .sub(cm * 10)
      .abs()
      .compare(5) <= 0;
  return CANVAS_STANDARD_SIZES_CM.some(
    ([a, b]) => near(shortMm, Math.min(a, b)) && near(longMm, Math.max(a, b)),
  );
}

/**
 * A canvas on a stretcher: the stretcher's work (1.25 × the strips' cost, plus the larger of 50 NTD and
 * 10% when the size is not standard) and the canvas by the 才, cut to wrap the strip's thickness and
 * 1.75 cm to the back on every side; the canvas's shorter side must fit the 24 inch roll.
 */
export function estimateCanvas(input: CanvasInput, prices: ListPrices): EstimateResult {
  const size = parseSize(input);
  if (!size) return { ok: false, reason: 'size_invalid' };
  const widthMm = toMm(size.width, input.unit);
  const heightMm = toMm(size.height, input.unit);
  const [shortMm] = ordered(widthMm, heightMm);
  if (shortMm.compare(fraction(CANVAS_MIN_SIDE_MM)) < 0)
    return { ok: false, reason: 'too_small', minimum: '20', unit: 'cm' };
  const strip = CANVAS_STRIPS[input.strip];
  const margin = fraction(strip.thicknessMm).add(fraction(CANVAS_WRAP_MM)).mul(2);
  const rollMm = fraction(CANVAS_ROLL_WIDTH_INCH).mul(fraction(MM_PER_INCH));
  if (shortMm.add(margin).compare(rollMm) > 0)
    return {
      ok: false,
      reason: 'too_big',
      maximum: show(rollMm.sub(margin).div(fraction(MM_PER_INCH))),
      unit: 'inch',
    };

  const stripMetres = widthMm.add(heightMm).mul(2).div(1000);
  const baseNtd = ceilNtd(stripMetres.mul(fraction(strip.ntdPerMetre)).mul(fraction(FRAME_COST_MULTIPLIER)));
  const standard = isStandardCanvasSize(widthMm, heightMm);
  const extraNtd = standard
    ? 0
    : Math.max(
        Number(CANVAS_CUSTOM_EXTRA.ntd),
        ceilNtd(fraction(baseNtd).mul(fraction(CANVAS_CUSTOM_EXTRA.fraction))),
      );
  const canvasMilli = caiMilliOf(widthMm.add(margin).mul(heightMm.add(margin)));
  return priced(
    [
      line('canvasStretcher', 'stretcher', workMilli(baseNtd + extraNtd)),
      line('canvas', 'canvas', canvasMilli),
    ],
    prices,
    {
      widthMm: show(widthMm),
      heightMm: show(heightMm),
      canvasWidthMm: show(widthMm.add(margin)),
      canvasHeightMm: show(heightMm.add(margin)),
      standard: standard ? 'yes' : 'no',
      extraNtd: String(extraNtd),
    },
  );
}

// --- Boards cut to size: cardboard, acrylic, foam board ---

export type BoardKind = 'cardboard' | 'acrylic' | 'foamBoard';

export interface BoardInput extends Size {
  board: BoardKind;
}

/** A side in whole inches, rounded up, at least 4 inch. */
export function boardSideInch(length: Fraction, unit: LengthUnit): number {
  const inches = toMm(length, unit).div(fraction(MM_PER_INCH)).ceil();
  return Math.max(BOARD_MIN_SIDE_INCH, Number(inches.valueOf()));
}

/**
 * A board cut to size: sides rounded up to whole inches (at least 4), by the 才, within the 32 × 42 inch
 * board; cardboard and foam board never cost more than their cap at list price.
 */
export function estimateBoard(input: BoardInput, prices: ListPrices): EstimateResult {
  const size = parseSize(input);
  if (!size) return { ok: false, reason: 'size_invalid' };
  const widthInch = boardSideInch(size.width, input.unit);
  const heightInch = boardSideInch(size.height, input.unit);
  const [shortInch, longInch] = [Math.min(widthInch, heightInch), Math.max(widthInch, heightInch)];
  if (shortInch > BOARD_INCH.short || longInch > BOARD_INCH.long)
    return {
      ok: false,
      reason: 'too_big',
      maximum: `${BOARD_INCH.long} × ${BOARD_INCH.short}`,
      unit: 'inch',
    };
  let quantityMilli = caiMilliOf(inchToMm(widthInch).mul(inchToMm(heightInch)));
  const cap = BOARD_PRICE_CAP_NTD[input.board];
  const price = prices[input.board];
  if (cap !== null && price !== undefined && price > 0) {
    // The most 才 that still cost no more than the cap once the line is rounded up to whole NTD.
    const capMilli = Number(
      fraction(cap)
        .mul(1000)
        .div(fraction(String(price)))
        .floor()
        .valueOf(),
    );
    quantityMilli = Math.min(quantityMilli, capMilli);
  }
  return priced([line(input.board, 'board', quantityMilli)], prices, {
    widthInch: String(widthInch),
    heightInch: String(heightInch),
  });
}
