import Newspaper from '@mui/icons-material/Newspaper';
import type { ResourceProps } from 'react-admin';
import { NewsCreate, NewsEdit } from '@/resources/news/Edit';
import { NewsList } from '@/resources/news/List';

/** News and maintenance alerts: /admin/news. */
export const news: ResourceProps = {
  name: 'news',
  list: NewsList,
  edit: NewsEdit,
  create: NewsCreate,
  icon: Newspaper,
  options: { label: 'News and alerts' },
  recordRepresentation: 'title',
};
