import { useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { StatusChip } from '@/shared/StatusChip';
import { INSTITUTE_TYPES } from '@/resources/institutes/choices';
import { ListError } from '@/shared/LoadError';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, other name or id" />,
  <ReferenceInput key="countryId" source="countryId" reference="countries" alwaysOn>
    <AutocompleteInput label="Country" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectArrayInput key="type" source="type" label="Type" choices={INSTITUTE_TYPES} sx={{ minWidth: 200 }} />,
  <NullableBooleanInput key="readOnly" source="readOnly" label="Read-only" />,
  <NullableBooleanInput key="searchable" source="searchable" label="Searchable" />,
];

const gbp = { style: 'currency', currency: 'GBP' } as const;

export function InstituteList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      perPage={25}
      error={<ListError />}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList primaryText={(r) => r.name} secondaryText={(r) => `${r.id} · ${r.countryId ?? ''}`} tertiaryText={(r) => r.type} linkType="show" />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" sx={{ minWidth: 220 }} />
          <DataTable.Col source="id" label="Id" render={(r) => <code style={{ fontSize: 12 }}>{r.id}</code>} />
          <DataTable.Col source="countryId" label="Country" />
          <DataTable.Col source="type" label="Type" sx={{ whiteSpace: 'nowrap' }} render={(r) => INSTITUTE_TYPES.find((t) => t.id === r.type)?.name ?? r.type} />
          <DataTable.Col source="price" label="Price" align="right">
            <NumberField source="price" options={gbp} locales="en-GB" />
          </DataTable.Col>
          <DataTable.Col source="surcharge" label="Surcharge" align="right">
            <NumberField source="surcharge" options={gbp} locales="en-GB" />
          </DataTable.Col>
          <DataTable.Col
            label="Flags"
            disableSort
            render={(r) => (
              <span style={{ display: 'inline-flex', gap: 4 }}>
                {r.readOnly ? <StatusChip label="Read-only" /> : null}
                {r.allowsPending ? <StatusChip label="Manual" tone="info" /> : null}
                {r.searchable === false ? <StatusChip label="Hidden" /> : null}
              </span>
            )}
          />
        </DataTable>
      )}
    </List>
  );
}
