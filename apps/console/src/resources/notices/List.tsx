import { CreateButton, DataTable, FilterButton, List, NullableBooleanInput, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { FlagSwitch } from '@/shared/FlagSwitch';
import { UkDateField } from '@/shared/UkDateField';
import { NOTICE_SCOPES, noticeScopeLabel } from '@/resources/notices/scopes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Message" />,
  <NullableBooleanInput key="published" source="published" label="Published" alwaysOn />,
  <SelectInput key="scope" source="scope" label="Scope" choices={NOTICE_SCOPES} />,
];

export function NoticeList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="New notice" />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="message" label="Message" sx={{ maxWidth: 560 }} />
        <DataTable.Col source="scope" label="Scope" sx={{ whiteSpace: 'nowrap' }} render={(n) => noticeScopeLabel(n.scope)} />
        <DataTable.Col source="published" label="Published" render={() => <FlagSwitch source="published" label="Published" states={['Published', 'Draft']} />} />
        <DataTable.Col source="createdAt" label="Created">
          <UkDateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="createdBy" label="By" disableSort render={(n) => n.createdBy || '—'} />
      </DataTable>
    </List>
  );
}
