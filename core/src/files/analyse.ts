// Reads an uploaded file's information (document 2: image file info) and makes its thumbnail with sharp.
// Images that sharp cannot decode are refused as 'unknown format' (a renamed file with a forged header
// gets no further than this). PDFs are not rasterised here: their first page's MediaBox gives the size.
import type { ImageInfo } from './events.ts';
import type { SniffedType } from './rules.ts';

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE_PX = 320;

export interface Analysis {
  info: ImageInfo;
  thumbnail: Buffer | null;
}

/** The information and thumbnail of the bytes, or null when they do not decode as the sniffed type. */
export async function analyseFile(bytes: Buffer, type: SniffedType): Promise<Analysis | null> {
  if (type === 'application/pdf') return analysePdf(bytes);
  // Loaded at the first upload: a start of the portal does not need sharp (docs/performance.md).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { failOn: 'error' });
    const metadata = await image.metadata();
    if (!metadata.width || !metadata.height) return null;
    const thumbnail = await sharp(bytes)
      .rotate()
      .resize({
        width: THUMBNAIL_SIZE_PX,
        height: THUMBNAIL_SIZE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 80 })
      .toBuffer();
    return {
      info: {
        width: metadata.width,
        height: metadata.height,
        profile: metadata.icc ? iccDescription(metadata.icc) : '',
        color: metadata.space ?? '',
        doublesided: false,
        source: 'sharp',
      },
      thumbnail,
    };
  } catch {
    return null;
  }
}

function analysePdf(bytes: Buffer): Analysis | null {
  const text = bytes.toString('latin1');
  if (!text.includes('%%EOF')) return null;
  const box = /\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/.exec(text);
  const size = box ? [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])] : [0, 0];
  return {
    info: {
      width: Math.round(Math.abs(size[0] ?? 0)),
      height: Math.round(Math.abs(size[1] ?? 0)),
      profile: '',
      color: '',
      doublesided: false,
      source: 'pdf',
    },
    thumbnail: null,
  };
}

/** The 'desc' tag of an ICC profile (v2 'desc' or v4 'mluc'), '' when it cannot be read. */
export function iccDescription(icc: Buffer): string {
  try {
    const count = icc.readUInt32BE(128);
    for (let index = 0; index < count && 132 + index * 12 + 12 <= icc.length; index++) {
      const entry = 132 + index * 12;
      if (icc.toString('latin1', entry, entry + 4) !== 'desc') continue;
      const offset = icc.readUInt32BE(entry + 4);
      const kind = icc.toString('latin1', offset, offset + 4);
      if (kind === 'desc') {
        const length = icc.readUInt32BE(offset + 8);
        return icc.toString('latin1', offset + 12, offset + 12 + length).replace(/\0+$/, '');
      }
      if (kind === 'mluc') {
        const recordLength = icc.readUInt32BE(offset + 20);
        const stringOffset = icc.readUInt32BE(offset + 24);
        const start = offset + stringOffset;
        // A copy: swap16 works in place and the profile buffer is sharp's.
        const utf16 = Buffer.from(icc.subarray(start, start + (recordLength & ~1)));
        return utf16.swap16().toString('utf16le').replace(/\0+$/, '');
      }
    }
  } catch {
    // A truncated or odd profile has no readable description.
  }
  return '';
}
