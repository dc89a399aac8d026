import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Chip, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayField,
  BooleanField,
  DataTable,
  EditButton,
  Link,
  ListButton,
  NumberField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useGetList,
  useRecordContext,
  useCreatePath,
} from 'react-admin';
import { ShowError } from '@/shared/NotAvailable';
import { ukDate } from '@/shared/format';
import { INSTITUTE_TYPES } from '@/resources/institutes/choices';
import { RecordTitle } from '@/shared/RecordTitle';

const gbp = { style: 'currency', currency: 'GBP' } as const;

function ImportButton() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Button component={Link} to={`${createPath({ resource: 'institutes', id: record.id, type: 'edit' })}/import`} startIcon={<UploadFile />} variant="contained">
      Import records
    </Button>
  );
}

/** A page of the institute's held records, searchable by name prefix (GET /admin/institutes/{id}/records). */
function Records() {
  const record = useRecordContext();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data = [], total = 0, isPending, error } = useGetList(
    `institutes/${record?.id}/records`,
    { filter: q ? { q } : {}, sort: { field: 'lastName', order: 'ASC' }, pagination: { page, perPage: 20 } },
    { enabled: Boolean(record) },
  );
  if (!record) return null;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <MuiTextField size="small" label="Name starts with" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} />
        <Typography variant="body2" color="text.secondary">
          {isPending ? 'Loading…' : `${total.toLocaleString('en-GB')} record${total === 1 ? '' : 's'} held`}
        </Typography>
        <ImportButton />
      </Box>
      {error ? <Typography color="error">{(error as Error).message}</Typography> : null}
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td, & th': { textAlign: 'left', p: 1, borderBottom: '1px solid', borderColor: 'divider', fontSize: 14 } }}>
        <thead>
          <tr>
            <th>Last name</th>
            <th>First name</th>
            <th>Date of birth</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r.id}>
              <td>{r.lastName}</td>
              <td>{[r.firstName, r.middleName].filter(Boolean).join(' ')}</td>
              <td>{ukDate(r.dob)}</td>
              <td>
                {Object.entries((r.fields ?? {}) as Record<string, unknown>).map(([k, v]) => (
                  <Chip key={k} size="small" label={`${k}: ${String(v)}`} sx={{ mr: 0.5, mb: 0.5 }} />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
      {total > 20 ? (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          <Button disabled={page === 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <Button disabled={page * 20 >= total} onClick={() => setPage(page + 1)}>Next</Button>
        </Box>
      ) : null}
    </Box>
  );
}

export function InstituteShow() {
  return (
    <Show
      title={<RecordTitle />}
      error={<ShowError area="Institutes" endpoint="GET /admin/institutes/{id}" />}
      actions={
        <TopToolbar>
          <ListButton />
          <ImportButton />
          <EditButton />
        </TopToolbar>
      }
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Summary">
          <TextField source="name" label="Name" />
          <TextField source="id" label="Id" />
          <OtherNames label="Other names" />
          <TextField source="countryId" label="Country" emptyText="—" />
          <TextField source="parentId" label="Parent" emptyText="—" />
          <TypeName label="Type" />
          <TextField source="minYear" label="Earliest year" emptyText="—" />
          <NumberField source="price" label="Price" options={gbp} locales="en-GB" />
          <NumberField source="surcharge" label="Institute surcharge" options={gbp} locales="en-GB" />
          <NumberField source="accreditationPrice" label="Accreditation price" options={gbp} locales="en-GB" emptyText="Not offered" />
          <BooleanField source="allowsPending" label="Manual checking (allows pending)" />
          <BooleanField source="readOnly" label="Read-only" />
          <BooleanField source="allowsCurrentStudent" label="Allows current students" />
          <BooleanField source="searchable" label="Listed in the search" />
          <NumberField source="maxAdditionalDocs" label="Additional documents allowed" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Fields">
          <ArrayField source="fields" label={false}>
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="key" label="Key" />
              <DataTable.Col source="name" label="Label" />
              <DataTable.Col source="type" label="Type" />
              <DataTable.Col source="required" label="Required" render={(f) => (f.required ? 'Yes' : 'No')} />
              <DataTable.Col source="refData" label="Options" render={(f) => (f.refData ? `${f.refData}${f.values?.length ? ` (${f.values.length})` : ''}` : '—')} />
              <DataTable.Col source="description" label="Description" />
            </DataTable>
          </ArrayField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Documents">
          <ArrayField source="documentRequirements" label={false}>
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="name" label="Document" />
              <DataTable.Col source="type" label="Type" />
              <DataTable.Col source="required" label="Required" render={(d) => (d.required ? 'Yes' : 'No')} />
              <DataTable.Col source="description" label="Description" />
            </DataTable>
          </ArrayField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Notices">
          <ArrayField source="notices" label={false}>
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="type" label="Type" />
              <DataTable.Col source="message" label="Message" />
            </DataTable>
          </ArrayField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Records" path="records">
          <Records />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

// `label` is read by the show layout's Labeled wrapper.
function OtherNames(_props: { label: string }) {
  const record = useRecordContext();
  const names = (record?.otherNames ?? []) as string[];
  if (!names.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {names.map((n) => (
        <Chip key={n} size="small" label={n} />
      ))}
    </Box>
  );
}

function TypeName(_props: { label: string }) {
  const record = useRecordContext();
  return <Typography variant="body2">{INSTITUTE_TYPES.find((t) => t.id === record?.type)?.name ?? record?.type}</Typography>;
}
