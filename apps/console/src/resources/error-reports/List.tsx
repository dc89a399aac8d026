import { Typography } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { browserOf } from '@/resources/debug-recordings/format';
import { EmptyList } from '@/shared/EmptyList';
import { UkDateField } from '@/shared/UkDateField';
import { ReplayButton } from './ReplayButton';
import { sourceChoices } from './sources';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Message, page or user" />,
  <SelectInput key="source" source="source" label="Source" choices={sourceChoices} alwaysOn />,
];

const muted = (text: string) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/** The portal's uncaught errors (access 9), newest first; each opens to its details, and to its replay if recorded. */
export function ErrorReportList() {
  return (
    <List
      title="Error reports"
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={false}
      empty={
        <EmptyList title="No error reports">
          The portal reports each error it cannot handle, with the page and the browser, and records the
          session it happened in for support to replay. Reports are kept 14 days.
        </EmptyList>
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="occurredAt" label="When">
          <UkDateField source="occurredAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          label="Message"
          disableSort
          render={(r) => (
            <Typography
              component="span"
              variant="body2"
              title={r.message}
              sx={{
                display: 'block',
                maxWidth: 420,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {r.message}
            </Typography>
          )}
        />
        <DataTable.Col source="path" label="Page" />
        <DataTable.Col source="username" label="User" render={(r) => r.username ?? muted('Signed out')} />
        <DataTable.Col
          label="Browser"
          disableSort
          render={(r) => (
            <Typography component="span" variant="body2" title={r.userAgent ?? undefined}>
              {browserOf(r.userAgent)}
            </Typography>
          )}
        />
        <DataTable.Col source="appVersion" label="Version" disableSort />
        <DataTable.Col label="Replay" disableSort render={() => <ReplayButton />} />
      </DataTable>
    </List>
  );
}
