import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from './testing.ts';

// The built web app served compressed: the build writes `.br` and `.gz` next to each text file
// (web/compress-assets-plugin.ts) and the portal sends the one the browser accepts, the plain file to any
// other, with the same cache headers either way.

const entryChunk = `export const greeting = ${JSON.stringify('歡迎光臨攝影社 '.repeat(400))};\n`.repeat(4);
const indexHtml = `<!doctype html><html lang="zh-Hant"><head>${'<link rel="modulepreload" href="/assets/a.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const tinyChunk = 'console.log(1)';

let portal: TestPortal;
let webDist: string;

function writeWithCopies(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'club-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeWithCopies(join(webDist, 'index.html'), indexHtml);
  writeWithCopies(join(webDist, 'assets', 'index-abc123.js'), entryChunk);
  // Too small to be worth a compressed copy: the build writes none.
  writeFileSync(join(webDist, 'assets', 'tiny-def456.js'), tinyChunk);
  // Copied from web/public without a hash.
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  portal = await createTestPortal({ config: { serveWeb: true, webDist } });
});

afterAll(async () => {
  await portal?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (bytes) => bytes,
};

const pages = [
  { what: 'the entry chunk', url: '/assets/index-abc123.js', plain: entryChunk, type: 'javascript' },
  { what: 'index.html at /', url: '/', plain: indexHtml, type: 'text/html' },
  { what: 'index.html for a client-side route', url: '/user/transfer', plain: indexHtml, type: 'text/html' },
];

// Chromium sends `gzip, deflate, br, zstd`; brotli wins because the server prefers it among equals.
const encodings = [
  { acceptEncoding: 'br', expected: 'br' },
  { acceptEncoding: 'gzip', expected: 'gzip' },
  { acceptEncoding: 'gzip, deflate, br, zstd', expected: 'br' },
  { acceptEncoding: 'br;q=0, gzip', expected: 'gzip' },
  { acceptEncoding: undefined, expected: 'identity' },
];

describe('GET the web app', () => {
  for (const { what, url, plain, type } of pages) {
    for (const { acceptEncoding, expected } of encodings) {
      it(`sends ${what} as ${expected} for Accept-Encoding: ${acceptEncoding ?? '(none)'}`, async () => {
        const response = await portal.app.inject({
          method: 'GET',
          url,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected === 'identity' ? undefined : expected);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(String(response.headers['content-type'])).toContain(type);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(decode[expected]!(response.rawPayload).toString('utf8')).toBe(plain);
        if (expected !== 'identity')
          expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
      });
    }
  }

  it('caches a hashed chunk for good, asks again for every page (a new build deletes old chunks), an hour for other files', async () => {
    const headers = { 'accept-encoding': 'br' };
    const file = await portal.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers });
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers.etag).toBeDefined();
    for (const url of ['/', '/index.html']) {
      const index = await portal.app.inject({ method: 'GET', url, headers });
      expect(index.headers['content-encoding']).toBe('br');
      expect(index.headers['cache-control']).toBe('no-cache');
    }
    const favicon = await portal.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await portal.app.inject({ method: 'GET', url: '/user/transfer', headers });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers['last-modified']).toBeUndefined();
  });

  it('sends a file without compressed copies plain, whatever the browser accepts', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/assets/tiny-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.body).toBe(tinyChunk);
  });

  it('answers HEAD and range requests', async () => {
    const head = await portal.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(entryChunk).length);
    expect(head.rawPayload.length).toBe(0);

    const range = await portal.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { range: 'bytes=0-5' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(Buffer.from(entryChunk).subarray(0, 6).toString('utf8'));
  });

  it('does not serve the compressed copies under their own names', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    // The client-side routes' fallback answers it, as any unknown path.
    expect(String(response.headers['content-type'])).toContain('text/html');
  });
});
