import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  childInstitutes,
  countryEntries,
  getInstituteBody,
  listCountries,
  searchInstitutes,
  type InstituteBody,
  type InstituteSearch,
} from '@/features/ordering/api/ordering';
import { queryKeys } from '@/shared/query/queryKeys';

/** The institute search (2.3): one cached page per search; the previous page stays while the next one loads. */
export function useInstituteSearch(search: InstituteSearch, enabled = true) {
  return useQuery({
    queryKey: queryKeys.institute.summary({ ...search }),
    queryFn: ({ signal }) => searchInstitutes(search, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The institutes chosen in the wizard, read once each: id -> institute (absent while loading). */
export function useInstituteBodies(ids: readonly string[]): Record<string, InstituteBody> {
  const unique = [...new Set(ids)];
  return useQueries({
    queries: unique.map((id) => ({
      queryKey: queryKeys.institute.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getInstituteBody(id, { signal }),
    })),
    combine: (results) =>
      Object.fromEntries(results.flatMap((r, i) => (r.data ? [[unique[i], r.data] as const] : []))),
  });
}

/** The Country select of the institute search (GET /region?size=300). */
export function useCountries() {
  return useQuery({
    queryKey: queryKeys.refdata.regions(),
    queryFn: ({ signal }) => listCountries({ signal }),
    staleTime: Infinity,
  });
}

/** The country selector's entries (2.4: EMPVQCI, HSVQCI). */
export function useCountryEntries(listName: string) {
  return useQuery({
    queryKey: queryKeys.institute.selector(listName),
    queryFn: ({ signal }) => countryEntries(listName, { signal }),
    staleTime: Infinity,
  });
}

/** The examination boards under a country's entry, when it has any (2.4). */
export function useChildInstitutes(parentId: string | null) {
  return useQuery({
    queryKey: queryKeys.institute.children(parentId ?? ''),
    queryFn: ({ signal }) => childInstitutes(parentId!, { signal }),
    enabled: !!parentId,
    staleTime: Infinity,
  });
}
