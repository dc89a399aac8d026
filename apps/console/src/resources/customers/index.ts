import Business from '@mui/icons-material/Business';
import type { ResourceProps } from 'react-admin';
import { CustomerEdit } from '@/resources/customers/Edit';
import { CustomerList } from '@/resources/customers/List';
import { CustomerShow } from '@/resources/customers/Show';

/** Companies and individuals: GET/PUT /admin/customers. */
export const customers: ResourceProps = {
  name: 'customers',
  list: CustomerList,
  show: CustomerShow,
  edit: CustomerEdit,
  icon: Business,
  options: { label: 'Customers' },
  recordRepresentation: 'name',
};
