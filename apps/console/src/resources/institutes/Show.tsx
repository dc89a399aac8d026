import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Chip, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayField,
  DataTable,
  EditButton,
  Link,
  ListButton,
  Show,
  TabbedShowLayout,
  TopToolbar,
  useGetList,
  useRecordContext,
  useCreatePath,
} from 'react-admin';
import { ShowError } from '@/shared/LoadError';
import { ukDate } from '@/shared/format';
import { Fact, FactGrid } from '@/shared/Fact';
import { INSTITUTE_TYPES } from '@/resources/institutes/choices';
import { RecordTitle } from '@/shared/RecordTitle';


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
      error={<ShowError />}
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
          <Summary />
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

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const pounds = (value: unknown) => (typeof value === 'number' ? `£${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : null);

/** The institute at a glance: names, place in the catalogue, prices and what requests to it may do. */
function Summary() {
  const r = useRecordContext();
  if (!r) return null;
  const names = (r.otherNames ?? []) as string[];
  return (
    <Box sx={{ display: 'grid', gap: 3, py: 1 }}>
      <FactGrid>
        <Fact label="Name">{r.name}</Fact>
        <Fact label="Id">
          <code>{r.id}</code>
        </Fact>
        <Fact label="Type">{INSTITUTE_TYPES.find((t) => t.id === r.type)?.name ?? r.type}</Fact>
        <Fact label="Country">{r.countryId}</Fact>
        <Fact label="Parent">{r.parentId}</Fact>
        <Fact label="Earliest year">{r.minYear}</Fact>
        <Fact label="Records held">{typeof r.records === 'number' ? r.records.toLocaleString('en-GB') : null}</Fact>
        <Fact label="Sub-institutes">{typeof r.children === 'number' ? r.children : null}</Fact>
      </FactGrid>
      <FactGrid>
        <Fact label="Price">{pounds(r.price)}</Fact>
        <Fact label="Institute surcharge">{pounds(r.surcharge)}</Fact>
        <Fact label="Accreditation price">{pounds(r.accreditationPrice) ?? 'Not offered'}</Fact>
        <Fact label="Additional documents">{r.maxAdditionalDocs}</Fact>
      </FactGrid>
      <FactGrid>
        <Fact label="Manual checking">{yesNo(r.allowsPending)}</Fact>
        <Fact label="Read-only">{yesNo(r.readOnly)}</Fact>
        <Fact label="Current students">{yesNo(r.allowsCurrentStudent)}</Fact>
        <Fact label="Listed in the search">{yesNo(r.searchable)}</Fact>
      </FactGrid>
      <Fact label="Other names">
        {names.length ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {names.map((n) => (
              <Chip key={n} size="small" label={n} />
            ))}
          </Box>
        ) : null}
      </Fact>
      <Fact label="Updated">{ukDate(r.updatedAt as string, true)}</Fact>
    </Box>
  );
}
