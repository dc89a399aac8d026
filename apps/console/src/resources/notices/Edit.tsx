import { Typography } from '@mui/material';
import { BooleanInput, Create, Edit, SelectInput, SimpleForm, TextInput, required, useRecordContext } from 'react-admin';
import { NOTICE_SCOPES, noticeScopeLabel } from '@/resources/notices/scopes';
import { InstitutePicker, RegionPicker } from '@/shared/pickers';

function ScopeInput() {
  const current = useRecordContext()?.scope as string | undefined;
  const choices = current && !NOTICE_SCOPES.some((c) => c.id === current) ? [...NOTICE_SCOPES, { id: current, name: noticeScopeLabel(current) }] : NOTICE_SCOPES;
  return <SelectInput source="scope" label="Scope" choices={choices} defaultValue="DASHBOARD" validate={required()} helperText="A portal banner is a warning banner in every customer's portal" />;
}

/** DASHBOARD notices are the portal shell's warning banners (access.md 2.3); published ones show at once. */
function NoticeForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="message" label="Message" validate={required()} multiline minRows={3} fullWidth />
      <ScopeInput />
      <TextInput source="type" label="Type" helperText="Optional" />
      <InstitutePicker source="instituteId" label="Institute" helperText="Optional: only with this institute. Type part of its name" />
      <RegionPicker source="regionId" label="Region" helperText="Optional: only in this region. Type part of its name" />
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
