import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { Page, VerificationListItem } from '@credence/api-contract';
import {
  childInstitutes,
  countryEntries,
  getInstituteBody,
  listCountries,
  recentVerifications,
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

/**
 * One institute as the wizard reads it; inside an application (GET /institute/{id}?applicationId=) its price is the
 * application's (its pricingScheme, or none shown when the organisation pays), as the order will be charged.
 * Silent: a failure is told in the wizard's own words (verifications 8, 'Failed to get Institute Details' and the
 * like), once, by whoever asked for it.
 */
export function instituteBodyQuery(id: string, applicationId: string | null = null) {
  return {
    queryKey: applicationId ? ([...queryKeys.institute.detail(id), { applicationId }] as const) : queryKeys.institute.detail(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => getInstituteBody(id, { signal, silent: true }, applicationId),
  };
}

/** The institutes chosen in the wizard, read once each: id -> institute (absent while loading). */
export function useInstituteBodies(ids: readonly string[], applicationId: string | null = null): Record<string, InstituteBody> {
  const unique = [...new Set(ids)];
  return useQueries({
    queries: unique.map((id) => instituteBodyQuery(id, applicationId)),
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
    queryFn: ({ signal }) => childInstitutes(parentId ?? '', { signal }),
    enabled: !!parentId,
    staleTime: Infinity,
  });
}

export interface PreviousPerson {
  key: string;
  firstname: string;
  middlename: string;
  lastname: string;
  /** dd/MM/yyyy, as the form holds it. */
  dob: string;
}

export interface PreviousInstitute {
  id: string;
  name: string;
}

const ukDate = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

const recent = {
  queryKey: queryKeys.verification.list({ recent: 100 }),
  queryFn: ({ signal }: { signal: AbortSignal }) => recentVerifications({ signal }),
  staleTime: 60_000,
};

/** The institutes of the account's latest verifications, each once ('Use a previous institute?', 2.3); fixed QC_ ones left out. */
export function usePreviousInstitutes() {
  return useQuery({
    ...recent,
    select: (page: Page<VerificationListItem>): PreviousInstitute[] => {
      const seen = new Map<string, PreviousInstitute>();
      for (const r of page.content) {
        if (r.instituteId && !r.instituteId.startsWith('QC_') && !seen.has(r.instituteId)) {
          seen.set(r.instituteId, { id: r.instituteId, name: r.instituteNames[0] ?? r.instituteName ?? r.instituteId });
        }
      }
      return [...seen.values()];
    },
  });
}

/** The people of the account's latest verifications, each once ('Use a previous individual?', 2.5). */
export function usePreviousPeople() {
  return useQuery({
    ...recent,
    select: (page: Page<VerificationListItem>): PreviousPerson[] => {
      const seen = new Map<string, PreviousPerson>();
      for (const r of page.content) {
        const p = { firstname: r.fields.firstname ?? '', middlename: r.fields.middlename ?? '', lastname: r.fields.surname ?? '', dob: ukDate(r.fields.dob) };
        const key = `${p.firstname}|${p.middlename}|${p.lastname}|${p.dob}`.toLowerCase();
        if ((p.firstname || p.lastname) && !seen.has(key)) seen.set(key, { key, ...p });
      }
      return [...seen.values()];
    },
  });
}
