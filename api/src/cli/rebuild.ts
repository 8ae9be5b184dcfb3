// `npm run rebuild`: replays the whole log through every projection and prints the rate.
import { portalProjections, rebuildAll } from '@club/projections';
import { openStoreFromEnv } from './open.ts';

const store = openStoreFromEnv();
const started = performance.now();
const { events, position } = await rebuildAll(store, portalProjections);
const seconds = (performance.now() - started) / 1000;
console.log(
  `rebuilt ${Object.keys(portalProjections).length} read models from ${events} events (to position ${position})`,
);
console.log(`${seconds.toFixed(2)} s, ${Math.round(events / Math.max(seconds, 1e-9))} events/s`);
await store.close();
