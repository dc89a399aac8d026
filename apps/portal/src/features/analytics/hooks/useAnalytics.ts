import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getCountries,
  getOverview,
  getSeries,
  getTemplates,
  getVerificationsChart,
  type TemplateFilter,
} from '@/features/analytics/api/analytics';

/** Query keys of the analytics screen: per call, period or Top-N, and template selection. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  templates: () => ['analytics', 'templates'] as const,
  overview: (f: TemplateFilter) => ['analytics', 'overview', f] as const,
  series: (kind: 'volume' | 'revenue', periods: number, f: TemplateFilter) => ['analytics', kind, periods, f] as const,
  verifications: (periods: number, f: TemplateFilter) => ['analytics', 'verifications', periods, f] as const,
  countries: (limit: number, f: TemplateFilter) => ['analytics', 'countries', limit, f] as const,
};

export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: analyticsKeys.templates(), queryFn: ({ signal }) => getTemplates({ signal }), enabled, staleTime: 60_000 });

export const useOverview = (f: TemplateFilter) =>
  useQuery({ queryKey: analyticsKeys.overview(f), queryFn: ({ signal }) => getOverview(f, { signal }) });

export const useSeries = (kind: 'volume' | 'revenue', periods: number, f: TemplateFilter, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.series(kind, periods, f),
    queryFn: ({ signal }) => getSeries(kind, periods, f, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useVerificationsChart = (periods: number, f: TemplateFilter) =>
  useQuery({
    queryKey: analyticsKeys.verifications(periods, f),
    queryFn: ({ signal }) => getVerificationsChart(periods, f, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCountries = (limit: number, f: TemplateFilter) =>
  useQuery({
    queryKey: analyticsKeys.countries(limit, f),
    queryFn: ({ signal }) => getCountries(limit, f, { signal }),
    placeholderData: keepPreviousData,
  });
