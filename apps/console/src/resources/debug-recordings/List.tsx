import { Typography } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { EmptyList } from '@/shared/EmptyList';
import { UkDateField } from '@/shared/UkDateField';
import { StatusChip } from '@/shared/StatusChip';
import { browserOf, reasonChoices, reasonOf, sizeOf } from './format';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="User, browser or id" />,
  <SelectInput key="reason" source="reason" label="Reason" choices={reasonChoices} alwaysOn />,
];

/**
 * The portal's recorded sessions, newest first: debug mode (access 2.3: logit=true), a sample of sessions and every
 * session with an error (access 9); each opens to its replay.
 */
export function DebugRecordingList() {
  return (
    <List
      title="Debug sessions"
      sort={{ field: 'startedAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={false}
      empty={
        <EmptyList title="No debug sessions">
          A customer records one by opening the portal with logit=true in its address; the portal also records
          a sample of sessions and every session with an error. Each appears here as the portal sends it, for
          support to replay.
        </EmptyList>
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="startedAt" label="Started">
          <UkDateField source="startedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="lastAt" label="Last event">
          <UkDateField source="lastAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="username"
          label="User"
          render={(r) =>
            r.username ? (
              r.username
            ) : (
              <Typography component="span" variant="body2" color="text.secondary">
                Signed out
              </Typography>
            )
          }
        />
        <DataTable.Col
          label="Browser"
          disableSort
          render={(r) => (
            <Typography component="span" variant="body2" title={r.userAgent ?? undefined}>
              {browserOf(r.userAgent)}
            </Typography>
          )}
        />
        <DataTable.Col
          source="reason"
          label="Reason"
          disableSort
          render={(r) => (
            <StatusChip label={reasonOf(r.reason)} tone={r.reason === 'error' ? 'error' : 'default'} />
          )}
        />
        <DataTable.Col source="bytes" label="Size" align="right" render={(r) => sizeOf(r.bytes)} />
        <DataTable.Col source="chunks" label="Chunks" align="right" disableSort />
      </DataTable>
    </List>
  );
}
