// `npm run bench`: every figure is measured in this one run against a baseline on the same machine, and
// printed as a ratio, because absolute numbers on a shared machine drift (fsync speed alone varies 10x).
// The big log of a million events (big-log.ts) is generated on the first run (minutes) and kept in the
// temp folder for later runs. `npm run bench -- store api` runs only the named parts (in this process);
// without names every part runs in a process of its own.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchApi } from './api.ts';
import { benchLoginBundle } from './bundle.ts';
import { benchLoginBytes } from './login-bytes.ts';
import { benchPagesAtScale } from './pages-at-scale.ts';
import { benchRebuild } from './rebuild.ts';
import { benchStartup } from './startup.ts';
import { benchStore } from './store.ts';
import { benchTransfers } from './transfers.ts';
import { benchWebLcp } from './web-lcp.ts';
import { benchWebNavigation } from './web-navigation.ts';

const print = (title: string, figures: Record<string, number | string>) => {
  console.log(`\n## ${title}`);
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(56)} ${value}`);
};

const parts: Record<string, [string, () => Promise<Record<string, number | string>>]> = {
  store: ['event store (SQLite, synchronous=FULL)', benchStore],
  api: ['API read path (logged in)', benchApi],
  transfers: ['transfers through the API (SQLite, synchronous=FULL)', benchTransfers],
  rebuild: ['rebuild at scale (1M events of the portal, every projection)', benchRebuild],
  startup: ['start-up on the 1M-event log', benchStartup],
  pages: ['every GET call on the 1M-event log (staff with every authority)', benchPagesAtScale],
  lcp: ['web: LCP in Chromium on loopback', benchWebLcp],
  nav: ['web: in-app navigation in Chromium on loopback', benchWebNavigation],
  bytes: ['web: what a browser downloads for the login page', benchLoginBytes],
  web: [
    'web: login page JS',
    async () =>
      benchLoginBundle(process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
  ],
};

const chosen = process.argv.slice(2);
if (chosen.length === 0) {
  // The whole bench: each part in a process of its own, one after the other. In one process a part ran on
  // the heap, timers and JIT state the parts before it left (the transfers measured 1,506/s after the read
  // path's part and 2,125/s alone, minutes apart on a quiet machine); each part's baseline is still
  // measured in the same process as its figure.
  for (const key of Object.keys(parts)) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), key], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
} else {
  for (const [key, [title, bench]] of Object.entries(parts)) {
    if (!chosen.includes(key)) continue;
    print(title, await bench());
  }
}
