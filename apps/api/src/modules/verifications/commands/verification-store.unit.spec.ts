import type { EventStore, Position } from '../../../infrastructure/event-store/event-store.port';
import type { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { VerificationStore } from './verification-store';

describe('VerificationStore.settle', () => {
  const position: Position = { commit: 7n, prepare: 42n };

  function storeWith(waited: string[]) {
    const projections = { waitFor: (name: string) => (waited.push(name), Promise.resolve()) } as unknown as ProjectionsService;
    return new VerificationStore({} as EventStore, projections);
  }

  it("waits for every read model a caller reads next, the counts behind a list's total included", async () => {
    const waited: string[] = [];
    await storeWith(waited).settle(position);
    expect(waited.sort()).toEqual(['verification-counts', 'verification-detail', 'verification-list']);
  });

  it('waits for nothing when nothing was appended, or while the demo seed runs', async () => {
    const waited: string[] = [];
    const store = storeWith(waited);
    await store.settle(null);
    await store.seeding(() => store.settle(position));
    expect(waited).toEqual([]);
  });
});
