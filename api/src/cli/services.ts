// The CLIs run the same services as the server, on the store the environment chooses, so everything they
// do goes through the same commands users run.
import { sessionSecret } from '../app.ts';
import { configFromEnv } from '../config.ts';
import { createServices, type PortalServices } from '../services.ts';
import { openStoreFromEnv } from './open.ts';

export async function withServices<T>(
  work: (services: PortalServices, clock: { now: Date | null }) => Promise<T>,
): Promise<T> {
  const store = await openStoreFromEnv();
  // A settable clock: null is the real time. The demo uses it to place a lapsed member's fee in the past.
  const clock: { now: Date | null } = { now: null };
  const config = configFromEnv();
  const services = await createServices({
    config,
    // The server seals NAS passwords with this key too (NAS_KEY, else the data folder's session secret).
    nasKey: config.nasKey ?? sessionSecret(config),
    store,
    queues: null,
    now: () => clock.now ?? new Date(),
  });
  try {
    return await work(services, clock);
  } finally {
    await services.stockProcessManager.stop();
    await services.ledgerProcessManager.stop();
    await services.projections.stop();
    await store.close();
  }
}

export const cliContext = (services: PortalServices, label: string) => ({
  now: services.now(),
  actor: null,
  correlationId: `cli-${label}-${Date.now()}`,
});
