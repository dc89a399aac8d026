import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBlobStoreContract } from './blob-store.contract';
import { LocalBlobStore } from './local-blob-store';

runBlobStoreContract('Local folder', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'credence-blobs-'));
  return { store: new LocalBlobStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});
