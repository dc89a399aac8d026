import { CreateButton, DataTable, FilterButton, List, NullableBooleanInput, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { FlagSwitch } from '@/shared/FlagSwitch';
import { StatusChip } from '@/shared/StatusChip';
import { UkDateField } from '@/shared/UkDateField';

export const NEWS_TYPES = [
  { id: 'NEWS', name: 'News' },
  { id: 'ALERT_MAINTENANCE', name: 'Maintenance alert' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title or text" />,
  <SelectInput key="type" source="type" label="Type" choices={NEWS_TYPES} alwaysOn />,
  <NullableBooleanInput key="published" source="published" label="Published" />,
];

export function NewsList() {
  return (
    <List
      title="News and alerts"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="New item" />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="type" label="Type" render={(r) => <StatusChip label={r.type === 'NEWS' ? 'News' : 'Maintenance alert'} tone={r.type === 'NEWS' ? 'info' : 'warning'} />} />
        <DataTable.Col source="published" label="Published" disableSort render={() => <FlagSwitch source="published" label="Published" states={['Published', 'Draft']} />} />
        <DataTable.Col source="publishedAt" label="Published at">
          <UkDateField source="publishedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="createdAt" label="Created">
          <UkDateField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
