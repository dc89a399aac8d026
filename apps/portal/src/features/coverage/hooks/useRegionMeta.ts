import { useQuery } from '@tanstack/react-query';
import { getRegionMeta } from '@/features/coverage/api/coverage';
import { queryKeys } from '@/shared/query/queryKeys';

/** The coverage map's figures per country (GET /region/meta), read once per visit of five minutes. */
export function useRegionMeta() {
  return useQuery({
    queryKey: queryKeys.refdata.regionMeta(),
    queryFn: ({ signal }) => getRegionMeta({ signal }),
    staleTime: 5 * 60_000,
  });
}
