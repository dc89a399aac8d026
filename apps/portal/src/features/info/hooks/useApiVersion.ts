import { useQuery } from '@tanstack/react-query';
import { getApiVersion } from '@/features/info/api/getApiVersion';
import { queryKeys } from '@/shared/query/queryKeys';

/** undefined while loading, null when the API could not say. */
export type ApiVersion = string | null | undefined;

/** The API's version for every footer: asked once per page load and shared through the query cache. */
export function useApiVersion(): ApiVersion {
  const { data, isError } = useQuery({
    queryKey: queryKeys.info.version(),
    queryFn: ({ signal }) => getApiVersion(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return isError ? null : data;
}
