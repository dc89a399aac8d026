import { randomBytes } from 'node:crypto';
import { runInstituteSearchContract } from './institute-search.contract';
import { MeilisearchInstituteIndex } from './meilisearch-institute-index';

// No Meilisearch server can run on the development machines; the same contract runs wherever one is given
// (MEILISEARCH_URL, and MEILISEARCH_KEY when it has a master key), each run in an index of its own, deleted after.
const url = process.env.MEILISEARCH_URL;

if (url) {
  runInstituteSearchContract('Meilisearch', async () => {
    const index = new MeilisearchInstituteIndex({
      url,
      apiKey: process.env.MEILISEARCH_KEY,
      indexUid: `institutes_contract_${randomBytes(6).toString('hex')}`,
    });
    return { index, cleanup: () => index.drop() };
  });
} else {
  describe.skip('Meilisearch institute search contract: skipped because MEILISEARCH_URL is not set (needs a running Meilisearch)', () => {
    it('runs the institute search contract against Meilisearch', () => undefined);
  });
}
