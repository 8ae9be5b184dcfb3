// `npm run bench`: every figure is measured in this one run against a baseline on the same machine, and
// printed as a ratio, because absolute numbers on a shared machine drift (fsync speed alone varies 10x).
import { fileURLToPath } from 'node:url';
import { benchApi } from './api.ts';
import { benchLoginBundle } from './bundle.ts';
import { benchStore } from './store.ts';
import { benchTransfers } from './transfers.ts';

const print = (title: string, figures: Record<string, number | string>) => {
  console.log(`\n## ${title}`);
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(44)} ${value}`);
};

print('event store (SQLite, synchronous=FULL)', await benchStore());
print('API', await benchApi());
print('transfers through the API (SQLite, synchronous=FULL)', await benchTransfers());
print('web', benchLoginBundle(fileURLToPath(new URL('../../web/dist', import.meta.url))));
