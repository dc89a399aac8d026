import { api } from '@/shared/api/client';

/** Spec 3.6. */
export interface Country {
  id: string;
  name: string;
  vat: boolean;
  disabled?: boolean;
}

export interface Industry {
  id: number;
  name: string;
}

export interface Company {
  id?: number | string;
  name: string;
  addressStreet1?: string | null;
  addressStreet2?: string | null;
  addressStreet3?: string | null;
  addressCity?: string | null;
  addressPostCode?: string | null;
  addressCountry?: Country | { id: string } | null;
  industry?: Industry | { id: number } | null;
  vatId?: string | null;
  restrictedUserView?: boolean;
  callbackEmail?: string | null;
}

/** GET /company/country?name=: GB, US, then the rest. Failures are logged only (spec 8). */
export function searchCountries(name: string, signal?: AbortSignal): Promise<Country[]> {
  return api.get<Country[]>('/company/country', { name }, { signal, silent: true });
}

/** GET /company/industry?name=. Industry -1 is the individuals' and never listed (spec 3.6). */
export async function searchIndustries(name: string, signal?: AbortSignal): Promise<Industry[]> {
  const list = await api.get<Industry[]>('/company/industry', { name }, { signal, silent: true });
  return (list ?? []).filter((i) => i.id !== -1);
}

/** PUT /company (spec 7.3). */
export function updateCompany(company: Company): Promise<Company> {
  return api.put<Company>('/company', company);
}
