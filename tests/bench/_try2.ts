import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupedAppendsPerSecond } from './store.ts';
const d = mkdtempSync(join(tmpdir(), 'gb-'));
for (let i = 0; i < 6; i++) console.log(await groupedAppendsPerSecond(join(d, `g${i}.sqlite3`)));
