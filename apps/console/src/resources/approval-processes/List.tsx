import { CreateButton, DataTable, List, NullableBooleanInput, SearchInput, TopToolbar } from 'react-admin';
import { FlagSwitch } from '@/shared/FlagSwitch';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" label="Active" alwaysOn />,
];

export function ApprovalProcessList() {
  return (
    <List
      title="Approval processes"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="New process" />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="description" label="Description" />
        <DataTable.Col source="active" label="Offered when resolving" render={() => <FlagSwitch source="active" label="Offered when resolving" states={['Active', 'Inactive']} />} />
      </DataTable>
    </List>
  );
}
