import { BooleanInput, Edit, SimpleForm, TextInput, required } from 'react-admin';
import { RecordTitle } from '@/shared/RecordTitle';
import { SaveOnlyToolbar } from '@/shared/SaveOnlyToolbar';

/** Names, phone and the team admin flag; disabling has its own button on the user's page. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" title={<RecordTitle field="username" />}>
      <SimpleForm sx={{ maxWidth: 560 }} toolbar={<SaveOnlyToolbar />}>
        <TextInput source="username" label="Username" disabled fullWidth />
        <TextInput source="firstname" label="First name" validate={required()} fullWidth />
        <TextInput source="lastname" label="Last name" validate={required()} fullWidth />
        <TextInput source="phone" label="Phone" fullWidth />
        <BooleanInput source="admin" label="Admin" helperText="Admin users will be able to view and change company details as well as add more users." />
      </SimpleForm>
    </Edit>
  );
}
