import { EventStoreDBClient } from '@eventstore/db-client';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store';
import { runCommandHandlingContract } from './command-handling.contract';

// No EventStoreDB server can run on the development machines; the same contract runs wherever one is given.
const url = process.env.EVENTSTORE_URL;

if (url) {
  runCommandHandlingContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(url), {});
    await store.init();
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('handleCommand on EventStoreDB: skipped because EVENTSTORE_URL is not set (needs a running EventStoreDB)', () => {
    it('runs the command-handling contract against EventStoreDB', () => undefined);
  });
}
