import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function MailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="to" label="To" />
        <TextField source="subject" label="Subject" />
        <DateField source="createdAt" label="Sent" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}
