import type { CountryDetailView, CountryInsightsView } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

/** GET /insights/countries: per country the average verification time and fraud rate, with the global averages. */
export const getCountryFigures = (options: CallOptions = {}) =>
  api.get<CountryInsightsView>('/insights/countries', undefined, { ...options, silent: true });

/** GET /insights/countries/{code}: capital, population, languages and this year's public holidays. */
export const getCountryDetail = (code: string, options: CallOptions = {}) =>
  api.get<CountryDetailView>(`/insights/countries/${encodeURIComponent(code)}`, undefined, { ...options, silent: true });
