import { EventStoreDBClient } from '@eventstore/db-client';
import { runEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// No EventStoreDB server can run on the development machines; the same contract runs wherever one is given.
const url = process.env.EVENTSTORE_URL;

if (url) {
  runEventStoreContract('EventStoreDB', async ({ upcasters }) => {
    const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(url), { upcasters });
    await store.init();
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('EventStoreDB event store contract: skipped because EVENTSTORE_URL is not set (needs a running EventStoreDB)', () => {
    it('runs the event store contract against EventStoreDB', () => undefined);
  });
}
