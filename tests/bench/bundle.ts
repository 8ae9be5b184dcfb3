// The gzipped size of the JavaScript the login page loads: the entry chunk, its static imports, the
// login route's lazy chunk, and the zh-Hant start-up catalog (a dynamic import, but index.html preloads it
// and the first paint waits for it; the whole catalog loads only for pages outside the start-up set),
// read from Vite's build manifest.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export function benchLoginBundle(webDist: string): Record<string, number | string> {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    return { 'login page JS': 'web/dist/.vite/manifest.json missing (build with manifest)' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const loginKey = Object.keys(manifest).find(
    (key) => /features\/auth\/.*login/i.test(key) || /LoginPage/.test(key),
  );
  if (loginKey) visit(loginKey);
  const catalogKey =
    Object.keys(manifest).find((key) => key.endsWith('locales/zh-Hant/messages.po?startup')) ??
    Object.keys(manifest).find((key) => key.endsWith('locales/zh-Hant/messages.po'));
  if (catalogKey) visit(catalogKey);
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(webDist, file));
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return {
    'login page JS files (with the zh-Hant catalog)': files.size,
    'login page JS (KB raw, with the catalog)': Math.round(raw / 1024),
    'login page JS (KB gzipped, with the catalog, <= 170)': Number((gzipped / 1024).toFixed(1)),
  };
}
