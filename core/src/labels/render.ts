// Renders a label as the label printer prints it: a 62 mm wide sheet at 300 dpi (732 x 354 px, 62 x 30 mm),
// black on white, with a Code 128 barcode (bwip-js), the text in Noto Sans CJK and the logo drawn as SVG,
// composed with sharp and reduced to a two-colour PNG (a few KB) as a thermal printer would print it.
// Landscape turns the composition a quarter turn, so the text runs along the tape.
import type { OverlayOptions } from 'sharp';
import type { LabelLogo } from './rules.ts';

export const LABEL_WIDTH_PX = 732;
export const LABEL_HEIGHT_PX = 354;
const MARGIN = 22;
const FONT = "'Noto Sans CJK TC', 'Noto Sans CJK JP', 'Noto Sans', sans-serif";

/** What goes on a label, already worded (the caller formats dates, the expiry and the name). */
export interface LabelContent {
  /** The big line: a name, a title, or the free text. */
  title: string;
  /** The id under it, e.g. U00101 (also the barcode's text when there is a barcode). */
  subtitle: string;
  /** Smaller lines: the comment, today's date and time, the film expiry. */
  lines: readonly string[];
  /** Encoded as Code 128, or null for a label without a barcode. */
  barcode: string | null;
  logo: LabelLogo;
  landscape: boolean;
  /** Barcode and id only. */
  simple: boolean;
  rounded: boolean;
}

/** The label could not be drawn from its content (a barcode text Code 128 cannot encode, ...). */
export class LabelContentError extends Error {
  override readonly name = 'LabelContentError';
}

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Roughly how wide a text is in ems: CJK and full-width characters are square, Latin about half. */
const emWidth = (text: string): number =>
  [...text].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) > 0x2e80 ? 1 : 0.58), 0);

/** The largest font size (at most `max`) at which `text` fits `width` pixels. */
const fitFont = (text: string, width: number, max: number): number =>
  Math.max(14, Math.min(max, Math.floor(width / Math.max(emWidth(text), 1))));

function textElement(text: string, x: number, y: number, size: number, weight = 400, anchor = 'start') {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}" fill="#000">${escapeXml(text)}</text>`;
}

/** The logos as vector marks: the club's aperture, or the university's seal-like ring. */
function logoSvg(logo: LabelLogo, x: number, y: number, size: number): string {
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  if (logo === 'none') return '';
  if (logo === 'ntu') {
    return `<circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="none" stroke="#000" stroke-width="8"/>${textElement('NTU', cx, cy + size * 0.12, size * 0.32, 700, 'middle')}`;
  }
  // Six aperture blades: triangles around the centre.
  const blades = Array.from({ length: 6 }, (_, index) => {
    const a = (Math.PI / 3) * index;
    const b = a + Math.PI / 3;
    const p = (angle: number, radius: number) =>
      `${(cx + Math.cos(angle) * radius).toFixed(1)},${(cy + Math.sin(angle) * radius).toFixed(1)}`;
    return `<polygon points="${p(a, r * 0.3)} ${p(a, r - 6)} ${p(b, r - 6)}" fill="#000"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r - 3}" fill="none" stroke="#000" stroke-width="6"/>${blades}`;
}

/** A Code 128 barcode as a PNG at the largest whole module width that fits `maxWidth` pixels. */
async function barcodePng(text: string, maxWidth: number, heightPx: number): Promise<Buffer> {
  // Loaded at the first label: a start of the portal does not need bwip-js or sharp (docs/performance.md).
  const [{ default: bwipjs }, { default: sharp }] = await Promise.all([import('bwip-js'), import('sharp')]);
  // Whole pixels per module keep every bar the same width, so scanners read it.
  for (const scaleX of [4, 3, 2, 1]) {
    let png: Buffer;
    try {
      png = await bwipjs.toBuffer({
        bcid: 'code128',
        text,
        scaleX,
        scaleY: 1,
        height: Math.round(heightPx / 2.835),
        includetext: false,
        paddingwidth: 0,
        paddingheight: 0,
      });
    } catch (error) {
      throw new LabelContentError(`cannot encode ${JSON.stringify(text)} as Code 128: ${String(error)}`);
    }
    const { width } = await sharp(png).metadata();
    if ((width ?? Number.POSITIVE_INFINITY) <= maxWidth) return png;
  }
  throw new LabelContentError(`the barcode of ${JSON.stringify(text)} is too long for the label`);
}

/** Draws the label; the PNG is two-colour (palette, 1 bit) and a few KB. */
export async function renderLabel(content: LabelContent): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const width = LABEL_WIDTH_PX;
  const height = LABEL_HEIGHT_PX;
  const inner = width - 2 * MARGIN;
  const composites: OverlayOptions[] = [];
  const parts: string[] = [];
  const barcodeHeight = content.simple ? 170 : 96;
  let barcode: { png: Buffer; width: number } | null = null;
  if (content.barcode !== null) {
    const png = await barcodePng(content.barcode, inner, barcodeHeight);
    barcode = { png, width: (await sharp(png).metadata()).width ?? inner };
  }
  if (content.simple) {
    const size = fitFont(content.subtitle || content.title, inner, 90);
    parts.push(textElement(content.subtitle || content.title, width / 2, MARGIN + size, size, 700, 'middle'));
    if (barcode)
      composites.push({
        input: barcode.png,
        left: Math.round((width - barcode.width) / 2),
        top: height - MARGIN - barcodeHeight,
      });
  } else {
    const logoSize = content.logo === 'none' ? 0 : 118;
    parts.push(logoSvg(content.logo, MARGIN, MARGIN, logoSize));
    const textX = MARGIN + (logoSize ? logoSize + 18 : 0);
    const textWidth = width - MARGIN - textX;
    const titleSize = fitFont(content.title, textWidth, 66);
    let y = MARGIN + titleSize;
    parts.push(textElement(content.title, textX, y, titleSize, 700));
    if (content.subtitle) {
      const size = fitFont(content.subtitle, textWidth, 40);
      y += size + 6;
      parts.push(textElement(content.subtitle, textX, y, size));
    }
    const lineText = content.lines.filter((line) => line !== '').join('  ');
    if (lineText) {
      const size = fitFont(lineText, barcode ? inner : textWidth, 30);
      y = Math.max(y, logoSize ? MARGIN + logoSize - 6 : 0) + size + 8;
      parts.push(textElement(lineText, barcode ? MARGIN : textX, y, size));
    }
    if (barcode)
      composites.push({
        input: barcode.png,
        left: Math.round((width - barcode.width) / 2),
        top: height - MARGIN - barcodeHeight,
      });
  }
  if (content.rounded) {
    parts.push(
      `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="44" ry="44" fill="none" stroke="#000" stroke-width="5"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  composites.unshift({ input: Buffer.from(svg), left: 0, top: 0 });
  const composed = await sharp({
    create: { width, height, channels: 3, background: '#ffffff' },
  })
    .composite(composites)
    .png()
    .toBuffer();
  let image = sharp(composed).greyscale().threshold(150);
  if (content.landscape) image = image.rotate(90);
  return image.png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();
}

export const pngDataUri = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** The PNG bytes of a data URI, or null when it is not a PNG data URI. */
export function pngOfDataUri(dataUri: string): Buffer | null {
  const prefix = 'data:image/png;base64,';
  if (!dataUri.startsWith(prefix)) return null;
  const bytes = Buffer.from(dataUri.slice(prefix.length), 'base64');
  return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? bytes
    : null;
}
