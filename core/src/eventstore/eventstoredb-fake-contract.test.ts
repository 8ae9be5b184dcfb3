// The whole event-store contract against the EventStoreDB adapter over the fake client: no server runs
// here, so this is how the adapter's own logic (idempotent retries, paging $all, subscriptions, close)
// meets the same suite as SQLite on every run. The real server: eventstoredb.int.test.ts (EVENTSTORE_URL).
import { eventStoreContract } from './contract.ts';
import { FakeEventStoreDbClient } from './eventstoredb-fake.ts';
import { openEventStoreDbWithClient } from './eventstoredb.ts';
import type { EventStore } from './port.ts';

eventStoreContract('eventstoredb over a fake client', async () => {
  const fake = new FakeEventStoreDbClient();
  const open = () => openEventStoreDbWithClient(fake.client, { onResubscribe: () => undefined });
  let current: EventStore = open();
  return {
    store: current,
    reopen: async () => {
      fake.disposed = false;
      current = open();
      return current;
    },
    cleanup: () => current.close(),
  };
});
