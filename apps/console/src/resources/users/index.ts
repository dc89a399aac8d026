import PeopleOutline from '@mui/icons-material/PeopleOutline';
import type { ResourceProps } from 'react-admin';
import { UserEdit } from '@/resources/users/Edit';
import { UserList } from '@/resources/users/List';
import { UserShow } from '@/resources/users/Show';

/** Every user of every customer: GET/PUT /admin/users, POST /admin/users/{id}/resend-registration. */
export const users: ResourceProps = {
  name: 'users',
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleOutline,
  options: { label: 'Users' },
  recordRepresentation: (u) => `${u.firstname} ${u.lastname} (${u.username})`,
};
