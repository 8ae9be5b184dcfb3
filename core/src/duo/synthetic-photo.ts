// Generated phone photos of the test sheet's edge, with a known mark offset, for the analysis tests and the
// browser test: the scene (paper, reference bar, the back's mark showing through) is rendered through a
// slight rotation and perspective, then blurred, unevenly lit and given noise, all from a seed.
import sharp from 'sharp';
import {
  MARK_DIAMETER_MM,
  NOMINAL_MARK_MM,
  REFERENCE_BAR_LENGTH_MM,
  REFERENCE_BAR_THICKNESS_MM,
} from './constants.ts';
import { gaussian, seededRandom } from './random.ts';

export interface SyntheticPhotoOptions {
  /** Where the back's mark landed relative to where it should be (mm, sheet frame). */
  offsetMm: { x: number; y: number };
  seed: number;
  /** Draw the reference bar; false makes a photo the analysis must refuse. */
  withBar?: boolean;
  widthPx?: number;
  heightPx?: number;
}

export interface SyntheticPhoto {
  jpeg: Buffer;
  /** What the seed chose, for the test's messages. */
  rotationDeg: number;
  pxPerMm: number;
  blurSigmaPx: number;
}

const PAPER = 0.92;
const BAR_INK = 0.08;
/** The back's mark seen through the sheet is grey, not black. */
const MARK_SHOW_THROUGH = 0.42;

export async function syntheticEdgePhoto(options: SyntheticPhotoOptions): Promise<SyntheticPhoto> {
  const random = seededRandom(options.seed);
  const width = options.widthPx ?? 960;
  const height = options.heightPx ?? 720;
  const between = (low: number, high: number) => low + (high - low) * random();
  const rotationDeg = between(-12, 12);
  const pxPerMm = between(14, 18);
  const blurSigmaPx = between(0.8, 2.2);
  // Slight perspective: the scale changes by about 2 % across the photo's width.
  const perspective = { x: between(-4e-4, 4e-4), y: between(-4e-4, 4e-4) };
  const angle = (rotationDeg * Math.PI) / 180;
  const a = pxPerMm * Math.cos(angle);
  const b = pxPerMm * Math.sin(angle);
  // The scene's middle (between bar and mark) lands near the photo's middle.
  const sceneCentre = { x: 0, y: NOMINAL_MARK_MM.y / 2 };
  const centre = { x: width / 2 + between(-40, 40), y: height / 2 + between(-30, 30) };
  const mark = { x: NOMINAL_MARK_MM.x + options.offsetMm.x, y: NOMINAL_MARK_MM.y + options.offsetMm.y };
  const withBar = options.withBar ?? true;

  // Inverse of q = (A p + c w) / w with w = 1 + g·p (p relative to the scene centre): (A - q gᵀ) p = q - c.
  const sceneAt = (qx: number, qy: number): number => {
    const m11 = a - (qx - centre.x) * perspective.x;
    const m12 = -b - (qx - centre.x) * perspective.y;
    const m21 = b - (qy - centre.y) * perspective.x;
    const m22 = a - (qy - centre.y) * perspective.y;
    const det = m11 * m22 - m12 * m21;
    const rx = qx - centre.x;
    const ry = qy - centre.y;
    const px = (m22 * rx - m12 * ry) / det + sceneCentre.x;
    const py = (m11 * ry - m21 * rx) / det + sceneCentre.y;
    if (
      withBar &&
      Math.abs(px) <= REFERENCE_BAR_LENGTH_MM / 2 &&
      Math.abs(py) <= REFERENCE_BAR_THICKNESS_MM / 2
    ) {
      return BAR_INK;
    }
    if ((px - mark.x) ** 2 + (py - mark.y) ** 2 <= (MARK_DIAMETER_MM / 2) ** 2) return MARK_SHOW_THROUGH;
    return PAPER;
  };

  // Reflectance with 3 × 3 supersampling, so edges are anti-aliased as a camera sees them.
  const reflectance = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let sy = 0; sy < 3; sy++) {
        for (let sx = 0; sx < 3; sx++) sum += sceneAt(x + (sx + 0.5) / 3, y + (sy + 0.5) / 3);
      }
      reflectance[y * width + x] = sum / 9;
    }
  }

  // Uneven light: a gradient in a random direction and a vignette; warm light tints the channels.
  const lightAngle = between(0, 2 * Math.PI);
  const tint = [1, 0.96, 0.88];
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const nx = (x - width / 2) / width;
      const ny = (y - height / 2) / height;
      const gradient = 0.5 + (nx * Math.cos(lightAngle) + ny * Math.sin(lightAngle));
      const light = 0.55 + 0.4 * gradient - 0.25 * (nx * nx + ny * ny);
      const value = reflectance[y * width + x]! * light * 255;
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = Math.round(value * tint[c]!);
    }
  }
  const blurred = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(blurSigmaPx)
    .raw()
    .toBuffer();
  for (let i = 0; i < blurred.length; i++) {
    blurred[i] = Math.max(0, Math.min(255, Math.round(blurred[i]! + 4 * gaussian(random))));
  }
  const jpeg = await sharp(blurred, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { jpeg, rotationDeg, pxPerMm, blurSigmaPx };
}
