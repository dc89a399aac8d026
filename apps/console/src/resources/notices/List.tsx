import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, FilterButton, List, NullableBooleanInput, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { FlagSwitch } from '@/shared/FlagSwitch';
import { StatusChip } from '@/shared/StatusChip';
import { ukDate } from '@/shared/format';
import { UkDateField } from '@/shared/UkDateField';
import { NOTICE_SCOPES, noticeScopeLabel } from '@/resources/notices/scopes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Message" />,
  <NullableBooleanInput key="published" source="published" label="Published" alwaysOn />,
  <SelectInput key="scope" source="scope" label="Scope" choices={NOTICE_SCOPES} />,
];

export function NoticeList() {
  // Five columns ran past a phone's width: there each notice is one item, published or not at a glance.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
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
      {small ? (
        <SimpleList
          primaryText={(n) => n.message}
          secondaryText={(n) => [noticeScopeLabel(n.scope), ukDate(n.createdAt, true), n.createdBy].filter(Boolean).join(' · ')}
          tertiaryText={(n) => <StatusChip label={n.published ? 'Published' : 'Draft'} tone={n.published ? 'success' : 'default'} />}
          linkType="edit"
          sx={{ '& .RaSimpleList-tertiary': { opacity: 1 } }}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="message" label="Message" sx={{ maxWidth: 560 }} />
          <DataTable.Col source="scope" label="Scope" sx={{ whiteSpace: 'nowrap' }} render={(n) => noticeScopeLabel(n.scope)} />
          <DataTable.Col source="published" label="Published" render={() => <FlagSwitch source="published" label="Published" states={['Published', 'Draft']} />} />
          <DataTable.Col source="createdAt" label="Created">
            <UkDateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="createdBy" label="By" disableSort render={(n) => n.createdBy || '—'} />
        </DataTable>
      )}
    </List>
  );
}
