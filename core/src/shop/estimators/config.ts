// The framing estimators' constants (document 1, section 9; issue 14, section 2). Those the spec gives are
// marked "spec"; the others are ours, chosen here in one place and explained in docs/shop.md. Lengths are
// in millimetres, money in NTD, as exact decimal strings so mathjs fractions read them without rounding.

/**
 * The stock items the estimators price from, by pk (docs/stock.md, demo pks): boards and canvas sold by
 * the 才, and a frame's work sold as one NTD of work per unit. A missing or unpriced item is 'inventory
 * data error, cannot add to cart'.
 */
export const ESTIMATOR_STOCK_PKS = {
  cardboard: 80,
  foamBoard: 81,
  acrylic: 423,
  aluminiumFrame: 296,
  canvasStretcher: 295,
  canvas: 227,
  woodFrame: 226,
} as const;

export type EstimatorStockItem = keyof typeof ESTIMATOR_STOCK_PKS;

/** Millimetres per inch (exact). */
export const MM_PER_INCH = '25.4';

/** One 才 of board: a 300 × 300 mm area (spec: "110 per 300x300 area", as the book estimator's square foot). */
export const CAI_AREA_MM2 = '90000';

/** The frame board (spec): 32 × 42 inch; boards and acrylic cut beyond it are 'too big'. */
export const BOARD_INCH = { short: 32, long: 42 } as const;

/** The largest aluminium or wood frame (spec: the board would not fit beyond 41 × 31 inch). */
export const FRAME_MAX_INCH = { short: 31, long: 41 } as const;

/** The smallest frame side (spec): 15 cm, or 6 inch when measured in inches. */
export const FRAME_MIN_SIDE = { cm: '15', inch: '6' } as const;

/** The cost multiplier of a frame's work (spec: 1.25 on costs). */
export const FRAME_COST_MULTIPLIER = '1.25';

/** Acrylic's list price per 才 (spec: 110 per 300 × 300 area); the quote uses the stock item's price. */
export const ACRYLIC_NTD_PER_CAI = '110';

/** Aluminium colours (spec) and the moulding's price per metre (ours: one price for every colour). */
export const ALUMINIUM_COLOURS = ['black', 'silver', 'white'] as const;
export type AluminiumColour = (typeof ALUMINIUM_COLOURS)[number];
export const ALUMINIUM_NTD_PER_METRE = '90';

/** A frame's profile width: each mitred corner wastes this much moulding twice (ours). */
export const FRAME_PROFILE_MM = '20';

/**
 * Wood-frame models (spec: sample prices 15 or 20 per metre in RMB, a ratio by size class, and
 * combinations that do not exist). The colours each model comes in are ours.
 */
export const WOOD_MODELS = {
  W15: { rmbPerMetre: '15', colours: ['black', 'walnut'] },
  W20: { rmbPerMetre: '20', colours: ['black', 'white', 'walnut', 'natural'] },
} as const;
export type WoodModel = keyof typeof WOOD_MODELS;
export const WOOD_COLOURS = ['black', 'white', 'walnut', 'natural'] as const;
export type WoodColour = (typeof WOOD_COLOURS)[number];

/**
 * NTD per RMB. The spec says the currency constants are "not shown"; document 3's group-buy rule gives
 * 4.68 per RMB, the club's own rate, so the wood frames use it too.
 */
export const NTD_PER_RMB = '4.68';

/**
 * The wood-frame ratio by size class (ours): a longer moulding needs a sturdier profile. Classes by the
 * moulding's length in metres, ascending; the last class has no upper bound.
 */
export const WOOD_SIZE_CLASSES: readonly { upToMetres: string | null; ratio: string }[] = [
  { upToMetres: '2', ratio: '1' },
  { upToMetres: '3', ratio: '1.1' },
  { upToMetres: null, ratio: '1.2' },
];

/** Canvas frames (spec): both sides at least 20 cm; canvas wraps 1.75 cm to the back; roll 24 in wide. */
export const CANVAS_MIN_SIDE_MM = '200';
export const CANVAS_WRAP_MM = '17.5';
export const CANVAS_ROLL_WIDTH_INCH = '24';

/** Canvas stretcher strips (spec: widths and thicknesses; the price per metre is ours). */
export const CANVAS_STRIPS = {
  thin: { widthMm: '36', thicknessMm: '25', ntdPerMetre: '60' },
  medium: { widthMm: '36', thicknessMm: '37', ntdPerMetre: '75' },
  thick: { widthMm: '35', thicknessMm: '42', ntdPerMetre: '90' },
} as const;
export type CanvasStrip = keyof typeof CANVAS_STRIPS;

/**
 * The 14 standard canvas sizes in cm (the spec gives the count, not the sizes; ours, common sizes whose
 * canvas with the thick strip still fits the 24 inch roll). Either orientation matches.
 */
export const CANVAS_STANDARD_SIZES_CM: readonly (readonly [number, number])[] = [
  [20, 20],
  [20, 25],
  [20, 30],
  [25, 25],
  [25, 30],
  [30, 30],
  [30, 40],
  [30, 45],
  [35, 50],
  [40, 40],
  [40, 50],
  [40, 60],
  [45, 60],
  [45, 90],
];

/** The extra work on a size that is not standard (spec: +50 or +10%; we charge the larger). */
export const CANVAS_CUSTOM_EXTRA = { ntd: '50', fraction: '0.1' } as const;

/** Boards cut to size (spec): sides rounded up to whole inches, at least 4 inch. */
export const BOARD_MIN_SIDE_INCH = 4;

/**
 * Price caps (spec, document 3: cardboard 140, foam board 190): a cut never costs more than this at list
 * price; we read the cap as a whole board's price, so a big cut is charged at most that many NTD.
 */
export const BOARD_PRICE_CAP_NTD = { cardboard: 140, foamBoard: 190, acrylic: null } as const;
