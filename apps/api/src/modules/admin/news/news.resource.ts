import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';
import { newsImagePathSql } from '../../../common/http/news-image-address';

const PUBLISHED = `(a.published_at IS NOT NULL AND a.published_at <= now())`;

export type NewsSort = 'createdAt' | 'publishedAt' | 'title' | 'type';

/** The news and alerts table, for the console's `news` resource. */
export const newsResource: SqlResource<NewsSort> = {
  resource: 'news',
  from: 'news_alerts a',
  id: 'a.id',
  select: `a.id::int AS id, a.type, a.title, a.message, a.link, a.published_at AS "publishedAt", ${PUBLISHED} AS published,
    a.created_at AS "createdAt", a.created_by AS "createdBy",
    CASE WHEN a.image_key IS NULL THEN NULL ELSE json_build_object('src', ${newsImagePathSql('a')}, 'title', a.title) END AS image`,
  sortable: {
    createdAt: 'a.created_at',
    publishedAt: 'a.published_at',
    title: 'lower(a.title)',
    type: 'a.type',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(a.title ILIKE ${p} OR a.message ILIKE ${p})`;
    },
    type: (v, bind) => `a.type = ANY(${bind(filterAs.list(v))})`,
    published: (v, bind) => `${PUBLISHED} = ${bind(filterAs.boolean('published', v))}`,
  },
};
