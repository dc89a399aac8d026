import type { CreditMovementRow } from '@credence/read-models';
import { AutocompleteInput, DataTable, FilterButton, List, ReferenceField, ReferenceInput, SelectArrayInput, TopToolbar } from 'react-admin';
import { GrantCreditButton } from '@/resources/customers/GrantCreditButton';
import { ListError } from '@/shared/LoadError';
import { StatusChip, type Tone } from '@/shared/StatusChip';
import { UkDateField } from '@/shared/UkDateField';
import { money } from '@/shared/format';
import { EmptyList } from '@/shared/EmptyList';

/** The movement kinds of libs/domain (credit.events.ts): spending rows are shown negative (money 2.13). */
export const MOVEMENT_KINDS: { id: CreditMovementRow['type']; name: string; tone: Tone }[] = [
  { id: 'PURCHASE', name: 'Credit purchase', tone: 'success' },
  { id: 'PSV', name: 'Verification (PSV)', tone: 'default' },
  { id: 'AC', name: 'Accreditation (AC)', tone: 'default' },
  { id: 'REFUND', name: 'Refund', tone: 'info' },
  { id: 'GRANT', name: 'Staff grant', tone: 'primary' },
  { id: 'REMOVAL', name: 'Staff removal', tone: 'warning' },
];

/** Money movements count minor units, token movements credits. */
/**
 * The Item cell. A refund's Amount is what came back as credit; the part given back to the card it was paid by moves
 * no credit (it reads £0.00 when all of it went to the card), so the Item says how much went there.
 */
export function itemText(r: Pick<CreditMovementRow, 'name' | 'reason' | 'invoiceId' | 'type' | 'toCardMinor' | 'currency'>): string {
  const text = r.name ?? r.reason ?? (r.invoiceId ? `Credit Purchase: Invoice ${r.invoiceId}` : '');
  const toCard = Number(r.toCardMinor ?? 0);
  return r.type === 'REFUND' && toCard > 0 ? `${text} (${money(toCard / 100, r.currency)} refunded to the card)` : text;
}

export const amountText = (r: Pick<CreditMovementRow, 'unit' | 'signedAmount' | 'currency'>) =>
  r.unit === 'credits' ? `${r.signedAmount > 0 ? '+' : ''}${r.signedAmount} credit${Math.abs(r.signedAmount) === 1 ? '' : 's'}` : money(r.signedAmount / 100, r.currency);

const filters = [
  <ReferenceInput key="companyId" source="companyId" reference="customers" alwaysOn>
    <AutocompleteInput label="Customer" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectArrayInput key="type" source="type" label="Type" choices={MOVEMENT_KINDS} alwaysOn sx={{ minWidth: 200 }} />,
];

export function CreditMovementList() {
  return (
    <List
      title="Credit movements"
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      perPage={25}
      empty={<EmptyList title="No credit movements yet" action={<GrantCreditButton />}>Purchases, spending, refunds and staff grants of every account appear here.</EmptyList>}
      error={<ListError />}
      actions={
        <TopToolbar>
          <FilterButton />
          <GrantCreditButton />
        </TopToolbar>
      }
    >
      <DataTable<CreditMovementRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="created" label="Date & Time">
          <UkDateField source="created" showTime />
        </DataTable.Col>
        <DataTable.Col source="companyId" label="Customer">
          <ReferenceField source="companyId" reference="customers" link="show" />
        </DataTable.Col>
        <DataTable.Col
          source="type"
          label="Type"
          render={(r) => {
            const k = MOVEMENT_KINDS.find((m) => m.id === r.type);
            return <StatusChip label={k?.name ?? r.type} tone={k?.tone ?? 'default'} />;
          }}
        />
        <DataTable.Col label="Item" disableSort render={itemText} />
        <DataTable.Col source="username" label="User" disableSort render={(r) => (r.impersonator ? `${r.username} (by ${r.impersonator})` : r.username)} />
        <DataTable.Col source="amount" label="Amount" align="right" render={amountText} />
        <DataTable.Col label="Balance after" disableSort align="right" render={(r) => (r.unit === 'credits' ? String(r.balanceAfter) : money(r.balanceAfter / 100, r.currency))} />
      </DataTable>
    </List>
  );
}
