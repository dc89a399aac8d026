import { BooleanInput, Create, DeleteButton, Edit, SaveButton, SimpleForm, TextInput, Toolbar, required } from 'react-admin';

/** 'Resolved By Process' choices of the staff resolve form (GET /v1/approvalprocess lists the active ones). */
function ApprovalProcessForm({ editing = false }: { editing?: boolean }) {
  return (
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {editing ? <DeleteButton mutationMode="pessimistic" /> : null}
        </Toolbar>
      }
    >
      <TextInput source="name" label="Name" validate={required()} fullWidth />
      <TextInput source="description" label="Description" multiline minRows={2} fullWidth />
      <BooleanInput source="active" label="Offered when resolving" defaultValue />
    </SimpleForm>
  );
}

export const ApprovalProcessEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" title="Edit approval process">
    <ApprovalProcessForm editing />
  </Edit>
);

export const ApprovalProcessCreate = () => (
  <Create redirect="list" title="New approval process">
    <ApprovalProcessForm />
  </Create>
);
