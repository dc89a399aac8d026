import type { InvoiceRow } from '@credence/read-models';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { ListError } from '@/shared/LoadError';
import { StatusChip } from '@/shared/StatusChip';
import { UkDateField } from '@/shared/UkDateField';
import { UkDateFilter } from '@/shared/UkDateInput';
import { money, ukDate } from '@/shared/format';
import { EmptyList } from '@/shared/EmptyList';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Invoice, receipt or customer" />,
  <ReferenceInput key="companyId" source="companyId" reference="customers" alwaysOn>
    <AutocompleteInput label="Customer" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label="Status" choices={[{ id: 'ISSUED', name: 'Issued' }, { id: 'PAID', name: 'Paid' }]} />,
  <UkDateFilter key="fromDate" source="fromDate" label="From" />,
  <UkDateFilter key="toDate" source="toDate" label="To" />,
];

/** Amounts are minor units in the read model (libs/read-models InvoiceRow). */
export const minor = (amount: number | null | undefined, currency?: string | null) => money(amount === null || amount === undefined ? null : amount / 100, currency);

const status = (r: InvoiceRow) => <StatusChip label={r.status === 'PAID' ? 'Paid' : 'Issued'} tone={r.status === 'PAID' ? 'success' : 'warning'} />;

export function InvoiceList() {
  // Seven columns are 800 px wide: a phone gets one item per invoice, its total and status on the right.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      perPage={25}
      empty={<EmptyList title="No invoices yet">Invoices and receipts appear here as customers pay for verifications and credit.</EmptyList>}
      error={<ListError />}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<InvoiceRow>
          primaryText={(r) => `${r.id} · ${r.company?.name ?? r.companyId}`}
          secondaryText={(r) => [ukDate(r.created, true), r.username, r.receiptId ? `receipt ${r.receiptId}` : null].filter(Boolean).join(' · ')}
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <span>{minor(r.totalMinor, r.currency)}</span>
              {status(r)}
            </Box>
          )}
          linkType="show"
          sx={{ '& .RaSimpleList-tertiary': { opacity: 1 } }}
        />
      ) : (
        <DataTable<InvoiceRow> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created" label="Date & Time">
            <UkDateField source="created" showTime />
          </DataTable.Col>
          <DataTable.Col source="id" label="Invoice #" />
          <DataTable.Col label="Customer" disableSort render={(r) => r.company?.name ?? r.companyId} />
          <DataTable.Col source="username" label="User" disableSort />
          <DataTable.Col source="receiptId" label="Receipt Id" disableSort render={(r) => r.receiptId || '—'} />
          <DataTable.Col source="totalMinor" label="Total" align="right" render={(r) => minor(r.totalMinor, r.currency)} />
          <DataTable.Col source="status" label="Status" render={status} />
        </DataTable>
      )}
    </List>
  );
}
