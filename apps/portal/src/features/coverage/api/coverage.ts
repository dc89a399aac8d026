import type { RegionMetaView } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

export type { CountryMetaView, RegionMetaView } from '@credence/api-contract';

/**
 * GET /region/meta (money-and-insights.md 2.17, 7): per country its map region, institutes in the catalogue and the
 * verification times and fraud rate computed from completed verifications (-1 where there are none). A failure
 * leaves the map without values (money 8: load failures of charts show nothing).
 */
export function getRegionMeta(options: CallOptions = {}): Promise<RegionMetaView> {
  return api.get<RegionMetaView>('/region/meta', undefined, { ...options, silent: true });
}
