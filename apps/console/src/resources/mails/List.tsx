import { DataTable, FilterButton, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { UkDateField } from '@/shared/UkDateField';
import { EmptyList } from '@/shared/EmptyList';
import { deliveryChoices, MailDeliveryChip } from './delivery';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Recipient or subject" />,
  <SelectInput key="delivery" source="delivery" label="Delivery" choices={deliveryChoices} />,
];

export function MailList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      empty={<EmptyList title="No mails sent yet">Registrations, invitations, resets and verification updates appear here as the service sends them.</EmptyList>}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="to" label="To" />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col source="createdAt" label="Created">
          <UkDateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="delivery" label="Delivery" disableSort render={(m) => <MailDeliveryChip delivery={m.delivery} />} />
      </DataTable>
    </List>
  );
}
