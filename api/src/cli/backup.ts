// `npm run backup -- <file>`: an online, consistent copy of the portal's data (operations/backup.ts).
import { resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { backupDataFolder } from '../operations/backup.ts';
import { CliRefusal, parseCli, runCli } from './args.ts';

const USAGE = 'npm run backup -- <file>';
const { positionals } = parseCli({
  usage: USAGE,
  help: `
Copies DATA_DIR's event log, sessions and session secret into <file>, <file>.sessions and
<file>.session-secret while the portal keeps running (SQLite's backup API: a consistent snapshot), and
writes <file>.manifest.json with each file's sha256, the log's head position and the time. The system
status shows the age of the last backup. Uploaded files and read models are not in it (docs/operations.md).
Exit 1 when DATA_DIR holds no event log, or when EVENTSTORE_URL is set (back up EventStoreDB with its own tools).`,
  options: {},
  positionals: { min: 1, max: 1 },
});

await runCli(USAGE, async () => {
  const config = configFromEnv();
  if (config.eventStoreUrl !== undefined)
    throw new CliRefusal(
      'EVENTSTORE_URL is set: back up EventStoreDB with its own tools, or use npm run export',
    );
  const file = resolve(positionals[0]!);
  let manifest: Awaited<ReturnType<typeof backupDataFolder>>;
  try {
    manifest = await backupDataFolder(config.dataDir, file, new Date());
  } catch (error) {
    throw new CliRefusal((error as Error).message);
  }
  for (const entry of manifest.files) console.log(`${entry.sha256}  ${entry.name} (${entry.size} bytes)`);
  console.log(`backed up ${manifest.events} events to position ${manifest.headPosition} at ${manifest.time}`);
  console.log(`manifest: ${file}.manifest.json`);
  return 0;
});
