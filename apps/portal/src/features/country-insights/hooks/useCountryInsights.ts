import { useQuery } from '@tanstack/react-query';
import { getCountryDetail, getCountryFigures } from '@/features/country-insights/api/countryInsights';

export const countryInsightsKeys = {
  figures: () => ['country-insights', 'figures'] as const,
  detail: (code: string) => ['country-insights', 'detail', code] as const,
};

export const useCountryFigures = () =>
  useQuery({ queryKey: countryInsightsKeys.figures(), queryFn: ({ signal }) => getCountryFigures({ signal }), staleTime: 5 * 60_000 });

export const useCountryDetail = (code: string) =>
  useQuery({ queryKey: countryInsightsKeys.detail(code), queryFn: ({ signal }) => getCountryDetail(code, { signal }), staleTime: 60 * 60_000 });
