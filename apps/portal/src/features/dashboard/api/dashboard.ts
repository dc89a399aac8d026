import type { Page, VerificationListItem } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

/** An item of the product's RSS feed as the News card shows it (money 3: title, link, creator, isoDate, contentSnippet). */
export interface RssItem {
  title: string;
  link: string;
  creator: string;
  isoDate: string;
  contentSnippet: string;
}

/** Reads RSS 2.0 text: the items in feed order (newest first), with the channel's title as the creator when an item has none. */
export function parseRss(xml: string): RssItem[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return [];
  const channelTitle = doc.querySelector('channel > title')?.textContent?.trim() ?? '';
  return Array.from(doc.getElementsByTagName('item')).map((item) => {
    const text = (name: string) => item.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';
    const date = new Date(text('pubDate'));
    const snippet = text('description').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return {
      title: text('title'),
      link: text('link'),
      creator: text('dc:creator') || text('author') || channelTitle,
      isoDate: Number.isNaN(date.getTime()) ? '' : date.toISOString(),
      contentSnippet: snippet.length > 200 ? `${snippet.slice(0, 197)}...` : snippet,
    };
  });
}

/** GET /v1/news/rss: the product's own public feed (money 2.6 News card). Load failures show nothing (money 8). */
export async function getNewsFeed(options: { signal?: AbortSignal } = {}): Promise<RssItem[]> {
  const res = await fetch('/v1/news/rss', { signal: options.signal, headers: { Accept: 'application/rss+xml' } });
  if (!res.ok) throw new Error(`news feed ${res.status}`);
  return parseRss(await res.text());
}

/** GET /application/meta?status=...: applications per status (money 2.6 applicant cards). */
export function getApplicationMeta(statuses: string, options: CallOptions = {}): Promise<{ resultCounts?: { key: string; value: number }[] }> {
  return api.get('/application/meta', { status: statuses }, { ...options, silent: true });
}

/** The dashboard's short verification history: the latest few, newest first. */
export function getRecentVerifications(size: number, options: CallOptions = {}): Promise<Page<VerificationListItem>> {
  return api.get<Page<VerificationListItem>>('/verification', { page: 0, size }, { ...options, silent: true });
}
