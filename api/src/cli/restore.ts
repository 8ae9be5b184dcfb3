// `npm run restore -- <file>`: a backup back into an empty data folder (operations/restore.ts).
import { resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { RestoreRefusedError, restoreBackup } from '../operations/restore.ts';
import { CliRefusal, parseCli, runCli } from './args.ts';

const USAGE = 'npm run restore -- <file>';
const { positionals } = parseCli({
  usage: USAGE,
  help: `
Checks every file of the backup <file> against <file>.manifest.json (sha256), then copies them into
DATA_DIR, which must not exist or be empty. Start the portal afterwards: its read models rebuild from
the restored log. Exit 1 when the folder is not empty or the backup is missing, incomplete or corrupted.`,
  options: {},
  positionals: { min: 1, max: 1 },
});

await runCli(USAGE, async () => {
  const config = configFromEnv();
  try {
    const manifest = restoreBackup(resolve(positionals[0]!), config.dataDir);
    console.log(
      `restored ${manifest.events} events (to position ${manifest.headPosition}, backed up ${manifest.time}) into ${config.dataDir}`,
    );
    console.log('start the portal: its read models rebuild from the log');
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new CliRefusal(error.message);
    throw error;
  }
});
