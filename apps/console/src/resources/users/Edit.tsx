import { BooleanInput, Edit, SelectInput, SimpleForm, TextInput, required, useGetIdentity, useRecordContext } from 'react-admin';
import { RecordTitle } from '@/shared/RecordTitle';
import { SaveOnlyToolbar } from '@/shared/SaveOnlyToolbar';

/** No role (the empty choice) is an administrator. */
const STAFF_ROLES = [{ id: 'auditor', name: 'Auditor (read-only: replays, exports and verifies verification histories)' }];

const domainOf = (username: unknown) => String(username ?? '').split('@')[1]?.toLowerCase() ?? '';

/**
 * The staff role (issue 24), on staff accounts only: those on the signed-in staff member's own domain, the staff
 * domain (the API refuses the role on any other account, and a change of one's own). No role is an administrator.
 */
function StaffRoleInput() {
  const record = useRecordContext<{ id: string; username: string }>();
  const { identity } = useGetIdentity();
  if (!record || !identity || record.username === identity.id || domainOf(record.username) !== domainOf(identity.id)) return null;
  return (
    <SelectInput
      source="staffRole"
      label="Staff role"
      choices={STAFF_ROLES}
      emptyText="Administrator"
      format={(v: string | null) => (v === 'administrator' ? '' : (v ?? ''))}
      parse={(v: string) => (v === '' ? null : v)}
      helperText="Auditors sign in to the console to read verifications; they cannot change anything."
      fullWidth
    />
  );
}

/** Names, phone and the team admin flag, and a staff account's role; disabling has its own button on the user's page. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" title={<RecordTitle field="username" />}>
      <SimpleForm sx={{ maxWidth: 560 }} toolbar={<SaveOnlyToolbar />}>
        <TextInput source="username" label="Username" disabled fullWidth />
        <TextInput source="firstname" label="First name" validate={required()} fullWidth />
        <TextInput source="lastname" label="Last name" validate={required()} fullWidth />
        <TextInput source="phone" label="Phone" fullWidth />
        <BooleanInput source="admin" label="Admin" helperText="Admin users will be able to view and change company details as well as add more users." />
        <StaffRoleInput />
      </SimpleForm>
    </Edit>
  );
}
