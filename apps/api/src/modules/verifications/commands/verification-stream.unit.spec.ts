import type { Position } from '../../../infrastructure/event-store/event-store.port';
import type { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { runSeeding } from '../../../infrastructure/seeding/seeding-context';
import { VerificationReadModels } from './verification-stream';

describe('VerificationReadModels.settle', () => {
  const position: Position = { commit: 7n, prepare: 42n };

  function readModelsWith(waited: string[]) {
    const projections = { waitFor: (name: string) => (waited.push(name), Promise.resolve()) } as unknown as ProjectionsService;
    return new VerificationReadModels(projections);
  }

  it("waits for every read model a caller reads next, the counts behind a list's total included", async () => {
    const waited: string[] = [];
    await readModelsWith(waited).settle(position);
    expect(waited.sort()).toEqual(['verification-counts', 'verification-detail', 'verification-list']);
  });

  it('waits for nothing when nothing was appended, or while the demo seed runs', async () => {
    const waited: string[] = [];
    const readModels = readModelsWith(waited);
    await readModels.settle(null);
    await runSeeding(() => readModels.settle(position));
    expect(waited).toEqual([]);
  });
});
