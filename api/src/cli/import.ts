// `npm run import -- <file>`: an export loaded into an empty store (operations/log-jsonl.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ImportRefusedError, importLog } from '../operations/log-jsonl.ts';
import { CliRefusal, parseCli, runCli } from './args.ts';
import { openStoreFromEnv } from './open.ts';

const USAGE = 'npm run import -- <file>';
const { positionals } = parseCli({
  usage: USAGE,
  help: `
Appends every event of <file> (made by npm run export) to an EMPTY store, keeping each stream's revisions
and the log's order: EventStoreDB when EVENTSTORE_URL is set, else the SQLite log in DATA_DIR. Run it
before the portal starts on that store. Exit 1 when the store already holds events or a line is malformed.`,
  options: {},
  positionals: { min: 1, max: 1 },
});

await runCli(USAGE, async () => {
  const file = resolve(positionals[0]!);
  if (!existsSync(file)) throw new CliRefusal(`${file} does not exist`);
  const store = await openStoreFromEnv();
  try {
    const { events } = await importLog(store, file);
    console.log(`imported ${events} events into the ${store.kind} store`);
    return 0;
  } catch (error) {
    if (error instanceof ImportRefusedError) throw new CliRefusal(error.message);
    throw error;
  } finally {
    await store.close();
  }
});
