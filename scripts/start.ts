// `npm start`: builds whatever is missing (the web app), then serves the portal, web and API on one port,
// until stopped. PORT and DATA_DIR choose the port and the data folder.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/web/dist/index.html`)) {
  console.log('Building the web app (first start only)...');
  execFileSync('npm', ['run', 'build', '-w', '@club/web'], { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import('../api/src/main.ts');
