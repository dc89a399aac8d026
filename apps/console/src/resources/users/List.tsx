import { useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SimpleList,
} from 'react-admin';
import { UkDateField } from '@/shared/UkDateField';
import { UserState } from '@/resources/users/UserState';
import { RoleText } from '@/resources/users/RoleText';

export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, e-mail or company" />,
  <ReferenceInput key="companyId" source="companyId" reference="customers" alwaysOn>
    <AutocompleteInput label="Customer" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <NullableBooleanInput key="pending" source="pending" label="Pending" />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
  <NullableBooleanInput key="admin" source="admin" label="Admin" />,
];

export function UserList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List sort={{ field: 'username', order: 'ASC' }} filters={userFilters} perPage={25}>
      {small ? (
        <SimpleList
          primaryText={(u) => `${u.firstname} ${u.lastname}`}
          secondaryText={(u) => u.username}
          tertiaryText={(u) => (u.disabled ? 'Disabled' : u.pending ? 'Pending' : u.companyName)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="lastname" label="Name" render={(u) => `${u.firstname} ${u.lastname}`} />
          <DataTable.Col source="username" label="Username" />
          <DataTable.Col source="companyName" label="Customer">
            <ReferenceField source="companyId" reference="customers" link="show" />
          </DataTable.Col>
          <DataTable.Col label="Role" disableSort render={(u) => <RoleText user={u} />} />
          <DataTable.Col label="State" disableSort render={(u) => <UserState user={u} />} />
          <DataTable.Col source="lastLoginAt" label="Last sign-in">
            <UkDateField source="lastLoginAt" showTime empty="Never" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
