// `npm start`: builds whatever is missing (the web app), then serves the portal, web and API on one port,
// with the queue workers in the same process unless WORKERS=off (api/src/fleet.ts), until stopped. PORT and DATA_DIR choose the port and the data folder; HOST the interface (127.0.0.1 unless
// set: see the README before serving a network).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// package.json's engines field only warns; a portal started on an older Node fails later, less clearly.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`The portal needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/web/dist/index.html`)) {
  console.log('Building the web app (first start only)...');
  execFileSync('npm', ['run', 'build', '-w', '@club/web'], { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import('../api/src/main.ts');
