import MailOutline from '@mui/icons-material/MailOutline';
import type { ResourceProps } from 'react-admin';
import { MailList } from '@/resources/mails/List';
import { MailShow } from '@/resources/mails/Show';

/** The mail log: what the service sent, to whom. Read-only; served by GET /admin/mails. */
export const mails: ResourceProps = {
  name: 'mails',
  list: MailList,
  show: MailShow,
  icon: MailOutline,
  options: { label: 'Mails' },
  recordRepresentation: 'subject',
};
