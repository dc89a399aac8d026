import { DataTable, List } from 'react-admin';
import { UkDateField } from '@/shared/UkDateField';
import { EmptyList } from '@/shared/EmptyList';

export function MailList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} empty={<EmptyList title="No mails sent yet">Registrations, invitations, resets and verification updates appear here as the service sends them.</EmptyList>}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="to" label="To" />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col source="createdAt" label="Sent">
          <UkDateField source="createdAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
