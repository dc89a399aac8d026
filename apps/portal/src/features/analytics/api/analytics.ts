import type {
  AnalyticsTemplateView,
  CountryStatisticView,
  OverviewView,
  PeriodSeriesView,
  ReportKind,
  VerificationsChartView,
} from '@credence/api-contract';
import { api, ApiError, NO_RESPONSE_MESSAGE, type CallOptions } from '@/shared/api/client';
import { filenameOf, type DownloadedFile } from '@/features/verifications/api/downloads';
import { ensureFreshSession } from '@/shared/session/refresh';
import { sessionStore } from '@/shared/session/sessionStore';

/** The Applications view's "nothing selected" id (money 2.15). */
export const NO_TEMPLATE_SENTINEL = 999999999.9999;

/** What a chart call counts: the whole company (Verifications Overview) or the selected templates' applications. */
export type TemplateFilter = readonly string[] | null;

/** The body's template ids: none for the company, the selection, or the sentinel when nothing is selected. */
export function templateBody(filter: TemplateFilter): { templateIds?: (string | number)[] } {
  if (filter === null) return {};
  return { templateIds: filter.length ? [...filter] : [NO_TEMPLATE_SENTINEL] };
}

// Load failures of charts stop loading and show nothing (money 8): the chart calls are silent.
const quiet = (options: CallOptions): CallOptions => ({ ...options, silent: true });

export const getTemplates = (options: CallOptions = {}) => api.get<AnalyticsTemplateView[]>('/application/template', undefined, quiet(options));

export const getOverview = (filter: TemplateFilter, options: CallOptions = {}) =>
  api.post<OverviewView>('/analytics/overview', templateBody(filter), undefined, quiet(options));

/** The period count is sent as the range (money 2.15: 'the number is sent as the period count'). */
export const getSeries = (kind: 'volume' | 'revenue', periods: number, filter: TemplateFilter, options: CallOptions = {}) =>
  api.post<PeriodSeriesView>(`/analytics/${kind}`, { range: periods, ...templateBody(filter) }, undefined, quiet(options));

export const getVerificationsChart = (periods: number, filter: TemplateFilter, options: CallOptions = {}) =>
  api.post<VerificationsChartView>('/analytics/verifications', { range: periods, ...templateBody(filter) }, undefined, quiet(options));

/** COUNTRY STATISTICS: months fixed at 12 (money 7). */
export const getCountries = (limit: number, filter: TemplateFilter, options: CallOptions = {}) =>
  api.post<CountryStatisticView[]>('/analytics/countries', templateBody(filter), { limit, months: 12 }, quiet(options));

/**
 * POST /reports?report=&fromDate=&toDate= (money 2.16, 7): the spreadsheet as a file. The JSON client reads bodies as
 * text, which would corrupt the workbook, so it is fetched here with the headers every call carries.
 */
export async function downloadReport(
  report: ReportKind,
  range: { from: string | null; to: string | null },
  filter: TemplateFilter,
  fallbackName: string,
): Promise<DownloadedFile> {
  if (!(await ensureFreshSession())) throw new ApiError(401, ['Session expired.'], ['QC-CANTREFRESH'], true);
  const query = new URLSearchParams({ report });
  if (range.from) query.set('fromDate', range.from);
  if (range.to) query.set('toDate', range.to);
  let response: Response;
  try {
    response = await fetch(`/v1/reports?${query.toString()}`, {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
        'Content-Type': 'application/json',
        'X-Client-Type': 'WEB',
        'X-AUTH-TOKEN': sessionStore.getState().token,
      },
      body: JSON.stringify(templateBody(filter)),
    });
  } catch {
    throw new ApiError(0, [NO_RESPONSE_MESSAGE]);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let messages: string[] = [];
    try {
      const data = JSON.parse(text) as { errors?: { message?: unknown }[] };
      messages = (data.errors ?? []).map((e) => e.message).filter((m): m is string => typeof m === 'string');
    } catch {
      // not JSON: the status line says it
    }
    throw new ApiError(response.status, messages.length ? messages : [response.statusText || `Request failed with status ${response.status}`]);
  }
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName };
}
