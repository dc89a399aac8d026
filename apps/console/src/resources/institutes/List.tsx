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
import { Stacked } from '@/shared/Stacked';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, other name or id" />,
  <ReferenceInput key="countryId" source="countryId" reference="countries" alwaysOn>
    <AutocompleteInput label="Country" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectArrayInput key="type" source="type" label="Type" choices={INSTITUTE_TYPES} sx={{ minWidth: 200 }} />,
  <NullableBooleanInput key="readOnly" source="readOnly" label="Read-only" />,
  <NullableBooleanInput key="searchable" source="searchable" label="Searchable" />,
];

const typeName = (type: string) => INSTITUTE_TYPES.find((t) => t.id === type)?.name ?? type;

const gbp = { style: 'currency', currency: 'GBP' } as const;

// The id sits under the name, and the surcharge waits for a wide screen (lg): with both as columns the list ran
// past a 1280 px screen and pushed '+ Create' to its last pixel.

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
        <SimpleList primaryText={(r) => r.name} secondaryText={(r) => [typeName(r.type), r.countryId, r.id].filter(Boolean).join(' · ')} linkType="show" />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" sx={{ minWidth: 220 }} render={(r) => <Stacked primary={r.name} secondary={r.id} mono />} />
          <DataTable.Col source="countryId" label="Country" />
          <DataTable.Col source="type" label="Type" sx={{ whiteSpace: 'nowrap' }} render={(r) => typeName(r.type)} />
          <DataTable.Col source="price" label="Price" align="right">
            <NumberField source="price" options={gbp} locales="en-GB" />
          </DataTable.Col>
          <DataTable.Col source="surcharge" label="Surcharge" align="right" sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
            <NumberField source="surcharge" options={gbp} locales="en-GB" />
          </DataTable.Col>
          <DataTable.Col
            label="Flags"
            disableSort
            render={(r) => (
              <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'nowrap' }}>
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
