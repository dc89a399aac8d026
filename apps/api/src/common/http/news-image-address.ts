/**
 * Where a news item's picture is served (money 2.5): /v1/news/{id}/image/{token}, the token being the part of its
 * blob key `news/{token}` after the prefix (admin/news/news-images.ts makes the keys). One rule for the three places
 * that give the address: the console's news resource, GET /news/alerts and the RSS feed.
 */
export const NEWS_IMAGE_KEY_PREFIX = 'news/';

export const newsImagePath = (id: string | number, imageKey: string) =>
  `/v1/news/${id}/image/${imageKey.slice(NEWS_IMAGE_KEY_PREFIX.length)}`;

/** The same address in SQL, for a row of news_alerts under `alias`; null when the item has no picture. */
export const newsImagePathSql = (alias: string) =>
  `CASE WHEN ${alias}.image_key IS NULL THEN NULL ELSE '/v1/news/' || ${alias}.id || '/image/' || substr(${alias}.image_key, ${NEWS_IMAGE_KEY_PREFIX.length + 1}) END`;
