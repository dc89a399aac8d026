import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  searchCountries,
  searchIndustries,
  updateCompany,
  type Company,
} from '@/features/company/api/company';
import { queryKeys } from '@/shared/query/queryKeys';

/** Reference lists change with releases, not with the user's actions: kept for the page's life once read. */
const REFERENCE = { staleTime: Infinity, retry: false } as const;

/** The full country list (GB, US, then the rest): the reference for names and VAT of a stored country id. */
export function useCountryList() {
  return useQuery({
    ...REFERENCE,
    queryKey: queryKeys.refdata.countries(),
    queryFn: ({ signal }) => searchCountries('', signal),
  });
}

export function useIndustryList() {
  return useQuery({
    ...REFERENCE,
    queryKey: queryKeys.refdata.industries(),
    queryFn: ({ signal }) => searchIndustries('', signal),
  });
}

/** PUT /company (spec 7.3). The company is part of the account, so the cached account is read again. */
export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (company: Company) => updateCompany(company),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.me() }),
  });
}
