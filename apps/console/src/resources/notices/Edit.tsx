import { Typography } from '@mui/material';
import { BooleanInput, Create, Edit, SimpleForm, TextInput, required } from 'react-admin';

/** DASHBOARD notices are the portal shell's warning banners (access.md 2.3); published ones show at once. */
function NoticeForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="message" label="Message" validate={required()} multiline minRows={3} fullWidth />
      <TextInput source="scope" label="Scope" defaultValue="DASHBOARD" helperText="DASHBOARD: a warning banner in every customer's portal" />
      <TextInput source="type" label="Type" helperText="Optional" />
      <TextInput source="instituteId" label="Institute id" helperText="Optional: only with this institute" />
      <TextInput source="regionId" label="Region id" helperText="Optional: only in this region" />
      <BooleanInput source="published" label="Published" defaultValue={false} />
      <Typography variant="caption" color="text.secondary">
        Customers see a published notice the next time their portal loads.
      </Typography>
    </SimpleForm>
  );
}

export const NoticeEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" title="Edit notice">
    <NoticeForm />
  </Edit>
);

export const NoticeCreate = () => (
  <Create redirect="list" title="New notice">
    <NoticeForm />
  </Create>
);
