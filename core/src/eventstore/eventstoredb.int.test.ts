// The event-store contract against a real EventStoreDB server.
//
// Skipped unless EVENTSTORE_URL is set: there is no EventStoreDB server on this machine. To run it, start
// one (for example `docker run -p 2113:2113 eventstore/eventstore --insecure --run-projections=None`) and
// set EVENTSTORE_URL=esdb://host:2113?tls=false. The suite writes only to streams with random names, so a
// shared server is fine; tests that need an empty log are skipped there.
import { describe } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { openEventStoreDb } from './eventstoredb.ts';
import type { EventStore } from './port.ts';

const url = process.env.EVENTSTORE_URL;

describe.skipIf(!url)('EventStoreDB adapter (EVENTSTORE_URL)', () => {
  eventStoreContract(
    'eventstoredb',
    async () => {
      let current: EventStore = openEventStoreDb(url!);
      return {
        store: current,
        reopen: async () => {
          current = openEventStoreDb(url!);
          return current;
        },
        cleanup: () => current.close(),
      };
    },
    { freshLogPerOpen: false },
  );
});
