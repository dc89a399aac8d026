import AccountBalance from '@mui/icons-material/AccountBalance';
import type { ResourceProps } from 'react-admin';
import { InstituteCreate, InstituteEdit } from '@/resources/institutes/Edit';
import { InstituteList } from '@/resources/institutes/List';
import { InstituteShow } from '@/resources/institutes/Show';

/** The catalogue (issue 5's /admin/institutes); the records import page is a custom route in App. */
export const institutes: ResourceProps = {
  name: 'institutes',
  list: InstituteList,
  show: InstituteShow,
  edit: InstituteEdit,
  create: InstituteCreate,
  icon: AccountBalance,
  options: { label: 'Institutes' },
  recordRepresentation: 'name',
};
