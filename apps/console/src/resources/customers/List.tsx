import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  ExportButton,
} from 'react-admin';
import { StatusChip } from '@/shared/StatusChip';
import { FLAG_FILTERS, PAYMENT_TYPES, paymentTypeLabel } from '@/resources/customers/choices';

export const customerFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, id or a user's e-mail" />,
  <SelectInput
    key="individual"
    source="individual"
    label="Kind"
    alwaysOn
    emptyText="All"
    choices={[
      { id: 'false', name: 'Organisations' },
      { id: 'true', name: 'Individuals' },
    ]}
  />,
  <SelectArrayInput key="paymentType" source="paymentType" label="Payment type" choices={PAYMENT_TYPES} sx={{ minWidth: 200 }} />,
  ...FLAG_FILTERS.map((f) => <NullableBooleanInput key={f.source} source={f.source} label={f.label} />),
];

function Kind({ individual }: { individual: boolean }) {
  return individual ? <StatusChip label="Individual" tone="default" /> : <StatusChip label="Organisation" tone="primary" />;
}

export function CustomerList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      filters={customerFilters}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList
          primaryText={(r) => r.name}
          secondaryText={(r) => `${paymentTypeLabel(r.paymentType)} · ${r.currency} · ${r.userCount} user${r.userCount === 1 ? '' : 's'}`}
          tertiaryText={(r) => (r.individual ? 'Individual' : 'Organisation')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" sx={{ minWidth: 180 }} />
          <DataTable.Col source="individual" label="Kind" render={(r) => <Kind individual={r.individual} />} />
          <DataTable.Col source="paymentType" label="Payment" sx={{ whiteSpace: 'nowrap' }} render={(r) => paymentTypeLabel(r.paymentType)} />
          <DataTable.Col source="currency" label="Currency" render={(r) => `${r.currency}${r.vatPayer ? ' + VAT' : ''}`} />
          <DataTable.Col source="country" label="Country" />
          <DataTable.Col source="userCount" label="Users" align="right" />
          <DataTable.Col
            label="Access"
            disableSort
            render={(r) => (
              // Wrapping: three chips side by side made the page wider than a 1280-pixel window.
              <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
                {r.hasAnalyticsAccess ? <StatusChip label="Analytics" tone="info" /> : null}
                {r.hasReportsAccess ? <StatusChip label="Reports" tone="info" /> : null}
                {r.hasCountryAccess ? <StatusChip label="Country" tone="info" /> : null}
              </span>
            )}
          />
        </DataTable>
      )}
    </List>
  );
}
