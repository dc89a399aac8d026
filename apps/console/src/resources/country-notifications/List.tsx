import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  TopToolbar,
} from 'react-admin';
import { FlagSwitch } from '@/shared/FlagSwitch';
import { UkDateField } from '@/shared/UkDateField';
import { EmptyList } from '@/shared/EmptyList';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Message" />,
  <ReferenceInput key="countryCode" source="countryCode" reference="countries" alwaysOn>
    <AutocompleteInput
      label="Country"
      optionText="name"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="active" label="Active" />,
];

/** Country notifications (money 2.18): shown in the country's row of the portal's Country Insights while active. */
export function CountryNotificationList() {
  return (
    <List
      title="Country notifications"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      empty={
        <EmptyList
          title="No country notifications yet"
          action={<CreateButton label="New notification" variant="contained" />}
        >
          A notification shows in its country's row of the portal's Country Insights while it is active.
        </EmptyList>
      }
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="New notification" />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="countryCode" label="Country">
          <ReferenceField source="countryCode" reference="countries" link={false} />
        </DataTable.Col>
        <DataTable.Col source="message" label="Message" disableSort sx={{ maxWidth: 520 }} />
        <DataTable.Col
          source="active"
          label="Active"
          render={() => <FlagSwitch source="active" label="Active" states={['Active', 'Off']} />}
        />
        <DataTable.Col source="createdAt" label="Created">
          <UkDateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="createdBy" label="By" disableSort render={(n) => n.createdBy || '—'} />
      </DataTable>
    </List>
  );
}
