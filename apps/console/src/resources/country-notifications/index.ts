import Public from '@mui/icons-material/Public';
import type { ResourceProps } from 'react-admin';
import { CountryNotificationCreate, CountryNotificationEdit } from '@/resources/country-notifications/Edit';
import { CountryNotificationList } from '@/resources/country-notifications/List';

/** Country notifications for the portal's Country Insights: /admin/country-notifications. */
export const countryNotifications: ResourceProps = {
  name: 'country-notifications',
  list: CountryNotificationList,
  edit: CountryNotificationEdit,
  create: CountryNotificationCreate,
  icon: Public,
  options: { label: 'Country notifications' },
  recordRepresentation: 'message',
};
