// LoganCalc, the mat cutter calculator (document 1, sections 3 and 9): from the mat board's thickness, the
// frame (mat) size, the image size, the gaps and the shifts, the settings of the cutter for each of the
// four cuts. The board constants are the spec's; how they combine is ours (docs/shop.md). Millimetres,
// exact with mathjs fractions, shown to 0.1 mm.
import { type Fraction, fraction } from '../exact.ts';

/** 4p is the thin board (1.5 mm), 8p the thick one (2.3 mm). */
export type LoganThickness = '4p' | '8p';

export interface LoganBoardConstants {
  thicknessMm: string;
  /** Added to the border for a straight cut (the blade's depth behind the guide). */
  straightDepthMm: string;
  /** Added to the border for a bevel cut. */
  bevelDepthMm: string;
  /** Where a cut starts (added to the start mark) and stops (added to the stop mark). */
  upShiftMm: string;
  downShiftMm: string;
}

/** The spec's constants (document 1, section 9). */
export const LOGAN_BOARDS: Record<LoganThickness, LoganBoardConstants> = {
  '4p': {
    thicknessMm: '1.5',
    straightDepthMm: '-4.5',
    bevelDepthMm: '1',
    upShiftMm: '-1.5',
    downShiftMm: '12',
  },
  '8p': {
    thicknessMm: '2.3',
    straightDepthMm: '-2.8',
    bevelDepthMm: '3',
    upShiftMm: '-1.6',
    downShiftMm: '11',
  },
};

/** Added on each cut (spec). */
export const LOGAN_LEFT_OFFSET_MM = '1.5';
/** Every gap starts at −1 mm: the window overlaps the image by 1 mm on each side (spec). */
export const LOGAN_DEFAULT_GAP_MM = -1;

/** The calculator's values, as local storage keeps them (document 1, section 3). */
export interface LoganValues {
  thickness: LoganThickness;
  frameWidth: string;
  frameHeight: string;
  imageWidth: string;
  imageHeight: string;
  gapLeft: string;
  gapRight: string;
  gapUp: string;
  gapDown: string;
  shiftRight: string;
  shiftDown: string;
}

export const LOGAN_DEFAULTS: LoganValues = {
  thickness: '4p',
  frameWidth: '',
  frameHeight: '',
  imageWidth: '',
  imageHeight: '',
  gapLeft: String(LOGAN_DEFAULT_GAP_MM),
  gapRight: String(LOGAN_DEFAULT_GAP_MM),
  gapUp: String(LOGAN_DEFAULT_GAP_MM),
  gapDown: String(LOGAN_DEFAULT_GAP_MM),
  shiftRight: '0',
  shiftDown: '0',
};

export type LoganSide = 'left' | 'right' | 'up' | 'down';

export interface LoganCut {
  side: LoganSide;
  /** The window's border on this side (mm from the board's edge). */
  borderMm: number;
  /** The guide setting for a bevel cut and for a straight cut. */
  bevelMm: number;
  straightMm: number;
  /** The start and stop marks along the cut (the neighbouring borders with the board's shifts). */
  startMm: number;
  stopMm: number;
}

export type LoganResult =
  | { ok: true; windowWidthMm: number; windowHeightMm: number; cuts: LoganCut[] }
  | { ok: false; reason: 'invalid' | 'image_too_big' };

const signedDecimal = (text: string): Fraction | null =>
  /^-?(\d{1,5}(\.\d{1,2})?)$/.test(text.trim()) ? fraction(text.trim()) : null;

const mm = (value: Fraction): number => Number(value.round(1).valueOf());

/** The four cuts, or why not: a value that is not a number, or an image window wider than the frame. */
export function loganCuts(values: LoganValues): LoganResult {
  const read = (key: Exclude<keyof LoganValues, 'thickness'>) => signedDecimal(values[key]);
  const parts = {
    frameWidth: read('frameWidth'),
    frameHeight: read('frameHeight'),
    imageWidth: read('imageWidth'),
    imageHeight: read('imageHeight'),
    gapLeft: read('gapLeft'),
    gapRight: read('gapRight'),
    gapUp: read('gapUp'),
    gapDown: read('gapDown'),
    shiftRight: read('shiftRight'),
    shiftDown: read('shiftDown'),
  };
  for (const value of Object.values(parts)) if (value === null) return { ok: false, reason: 'invalid' };
  const p = parts as { [K in keyof typeof parts]: Fraction };
  for (const size of [p.frameWidth, p.frameHeight, p.imageWidth, p.imageHeight])
    if (size.compare(0) <= 0) return { ok: false, reason: 'invalid' };

  const windowWidth = p.imageWidth.add(p.gapLeft).add(p.gapRight);
  const windowHeight = p.imageHeight.add(p.gapUp).add(p.gapDown);
  const sideX = p.frameWidth.sub(windowWidth).div(2);
  const sideY = p.frameHeight.sub(windowHeight).div(2);
  const borders: Record<LoganSide, Fraction> = {
    left: sideX.add(p.shiftRight),
    right: sideX.sub(p.shiftRight),
    up: sideY.add(p.shiftDown),
    down: sideY.sub(p.shiftDown),
  };
  if (windowWidth.compare(0) <= 0 || windowHeight.compare(0) <= 0) return { ok: false, reason: 'invalid' };
  if (Object.values(borders).some((border) => border.compare(0) <= 0))
    return { ok: false, reason: 'image_too_big' };

  const board = LOGAN_BOARDS[values.thickness];
  const offset = fraction(LOGAN_LEFT_OFFSET_MM);
  // A cut along one side starts at one neighbouring border and stops at the other.
  const neighbours: Record<LoganSide, [LoganSide, LoganSide]> = {
    left: ['up', 'down'],
    right: ['down', 'up'],
    up: ['right', 'left'],
    down: ['left', 'right'],
  };
  const cuts = (['left', 'right', 'up', 'down'] as const).map((side): LoganCut => {
    const border = borders[side];
    const [from, to] = neighbours[side];
    return {
      side,
      borderMm: mm(border),
      bevelMm: mm(border.add(fraction(board.bevelDepthMm)).add(offset)),
      straightMm: mm(border.add(fraction(board.straightDepthMm)).add(offset)),
      startMm: mm(borders[from].add(fraction(board.upShiftMm))),
      stopMm: mm(borders[to].add(fraction(board.downShiftMm))),
    };
  });
  return { ok: true, windowWidthMm: mm(windowWidth), windowHeightMm: mm(windowHeight), cuts };
}
