// Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, which the API
// serves in place of the plain file to a browser that accepts the encoding (@fastify/static's
// `preCompressed`, api/src/app.ts). Compressing once at build time at the highest levels costs no CPU per
// request and gives smaller files than compressing on the fly could afford: the entry chunk alone is about
// 450 KB raw, seconds over a phone's connection. Files are read back from the output folder after they are
// written, so the files Vite copies from public/ are covered and the bundle (and its manifest, which the
// bench reads) does not change.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than a packet and costs the server a second file lookup. */
const MIN_SIZE_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;

/** Every file under `folder` (relative paths), except dot-folders such as .vite, which are not served. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
}

/** Writes `file.br` and `file.gz` where the file is text, big enough, and each copy is smaller. */
async function compressFile(file: string): Promise<number> {
  const plain = await readFile(file);
  if (plain.length < MIN_SIZE_BYTES) return 0;
  const [brotliBytes, gzipBytes] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipAsync(plain, { level: 9 }),
  ]);
  let written = 0;
  for (const [extension, bytes] of [
    ['.br', brotliBytes],
    ['.gz', gzipBytes],
  ] as const) {
    if (bytes.length >= plain.length) continue;
    await writeFile(`${file}${extension}`, bytes);
    written += 1;
  }
  return written;
}

export function compressAssetsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'club:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
        const written = await Promise.all(files.map((file) => compressFile(path.join(outDir, file))));
        this.info(`compressed copies: ${written.reduce((sum, count) => sum + count, 0)} (.br and .gz)`);
      },
    },
  };
}
