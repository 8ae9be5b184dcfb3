// Helpers of the files tests: images made with sharp, multipart uploads through app.inject, and the
// entry names of a zip read from its central directory.
import sharp from 'sharp';
import type { TestPerson, TestPortal } from '../testing.ts';

export const makeJpeg = (width = 64, height = 48, colour = '#c33'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

export const makePng = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: '#3c3' } })
    .png()
    .toBuffer();

/** The first bytes of a Linux executable, which a user might rename to photo.jpg. */
export const ELF_EXECUTABLE = Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(2000, 1)]);

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function uploadMultipart(
  portal: TestPortal,
  person: TestPerson,
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer; type?: string }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  const answer = await portal.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { scope: 'main', cookie: `club.sid=${person.client.sessionCookie()}` },
    payload: form,
  });
  return { statusCode: answer.statusCode, body: answer.json() };
}

/** The names in a zip, from its central directory (no zip library needed to check a download). */
export function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
