import type { HomeVolumeView } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

/** An item of GET /news/alerts (money 3: title, type, dateTime, url, description), as the staff console publishes it. */
export interface NewsAlertItem {
  id: string | number;
  type: 'NEWS' | 'ALERT_MAINTENANCE';
  title: string;
  message: string;
  link: string | null;
  publishedAt: string;
  /** The picture's address on this site (/v1/news/{id}/image/{token}), or null without one. */
  image?: string | null;
}

/**
 * GET /news/alerts (money 7): both types (ALERT_MAINTENANCE and NEWS, the server's default when newsTypes is not
 * given), newest first. Failures show nothing (money 8).
 */
export function getNewsAlerts(options: CallOptions = {}): Promise<NewsAlertItem[]> {
  return api.get<NewsAlertItem[]>('/news/alerts', undefined, { ...options, silent: true });
}

/** The home page's volume chart (money 2.5): 12 months or 52 weeks. */
export function getHomeVolume(periods: 12 | 52, options: CallOptions = {}): Promise<HomeVolumeView> {
  return api.get<HomeVolumeView>('/analytics/home/volume', { periods }, { ...options, silent: true });
}
