// A PNG text chunk (tEXt) carries what a rendered label is (kind, target, who drew it) with the portal's
// signature, so the print call, which receives only the image, can check that the portal drew it and
// apply the right kind's cap and charge without trusting the client.
import { crc32 } from 'node:zlib';

const SIGNATURE_LENGTH = 8;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a tEXt chunk `keyword` = `text` (Latin-1) placed right after its header chunk. */
export function addPngText(png: Buffer, keyword: string, text: string): Buffer {
  const ihdrEnd = SIGNATURE_LENGTH + 8 + png.readUInt32BE(SIGNATURE_LENGTH) + 4;
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('tEXt', data), png.subarray(ihdrEnd)]);
}

/** The text of the first tEXt chunk named `keyword`, or null (also for bytes that are not a PNG). */
export function readPngText(png: Buffer, keyword: string): string | null {
  let offset = SIGNATURE_LENGTH;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) return null;
    if (type === 'tEXt') {
      const data = png.subarray(dataStart, dataStart + length);
      const zero = data.indexOf(0);
      if (zero > 0 && data.toString('latin1', 0, zero) === keyword) return data.toString('latin1', zero + 1);
    }
    if (type === 'IEND') return null;
    offset = dataStart + length + 4;
  }
  return null;
}
