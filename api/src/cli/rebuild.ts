// `npm run rebuild`: replays the whole log through every projection and prints the rate.
import { portalProjections, rebuildAll } from '@club/projections';
import { parseCli, runCli } from './args.ts';
import { openExistingStoreFromEnv } from './open.ts';

const USAGE = 'npm run rebuild';
parseCli({
  usage: USAGE,
  help: `
Replays the whole event log (DATA_DIR or EVENTSTORE_URL) through every read model and prints events/s.
Changes nothing; exit 1 when the data folder does not exist.`,
  options: {},
});

await runCli(USAGE, async () => {
  const store = await openExistingStoreFromEnv();
  try {
    const started = performance.now();
    const { events, position } = await rebuildAll(store, portalProjections);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `rebuilt ${Object.keys(portalProjections).length} read models from ${events} events (to position ${position})`,
    );
    console.log(`${seconds.toFixed(2)} s, ${Math.round(events / Math.max(seconds, 1e-9))} events/s`);
    return 0;
  } finally {
    await store.close();
  }
});
