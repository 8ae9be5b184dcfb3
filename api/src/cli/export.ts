// `npm run export -- --to <dir>`: the whole log as JSON lines (operations/log-jsonl.ts).
import { resolve } from 'node:path';
import { exportLog } from '../operations/log-jsonl.ts';
import { parseCli, required, runCli } from './args.ts';
import { openExistingStoreFromEnv } from './open.ts';

const USAGE = 'npm run export -- --to <dir>';
const { values } = parseCli({
  usage: USAGE,
  help: `
Writes every event of the log (DATA_DIR or EVENTSTORE_URL) to <dir>/events.jsonl, one JSON object a line
in log order: position, stream, revision, id, type, data, metadata. Read-only: safe beside a running portal.
  --to <dir>   the folder to write into (created if missing)`,
  options: { to: { type: 'string' } },
});

await runCli(USAGE, async () => {
  const directory = resolve(required(values.to, 'to'));
  const store = await openExistingStoreFromEnv();
  try {
    const { file, events, headPosition } = await exportLog(store, directory);
    console.log(`exported ${events} events (to position ${headPosition}) to ${file}`);
    return 0;
  } finally {
    await store.close();
  }
});
