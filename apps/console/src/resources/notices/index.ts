import Campaign from '@mui/icons-material/Campaign';
import type { ResourceProps } from 'react-admin';
import { NoticeCreate, NoticeEdit } from '@/resources/notices/Edit';
import { NoticeList } from '@/resources/notices/List';

/** Notices (portal banners): /admin/notices. */
export const notices: ResourceProps = {
  name: 'notices',
  list: NoticeList,
  edit: NoticeEdit,
  create: NoticeCreate,
  icon: Campaign,
  options: { label: 'Notices' },
  recordRepresentation: 'message',
};
