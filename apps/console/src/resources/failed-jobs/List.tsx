import { Typography } from '@mui/material';
import { DataTable, List, SearchInput, TextInput } from 'react-admin';
import { UkDateField } from '@/shared/UkDateField';
import { EmptyList } from '@/shared/EmptyList';
import { RetryButton } from './RetryButton';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Key or error" />, <TextInput key="queue" source="queue" label="Queue" alwaysOn />];

export function FailedJobList() {
  return (
    <List title="Failed jobs" sort={{ field: 'failedAt', order: 'DESC' }} filters={filters} perPage={25} actions={false} empty={<EmptyList title="No failed jobs">Every job has completed or is still being retried. A job lands here once it has used up its attempts.</EmptyList>}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="failedAt" label="Failed">
          <UkDateField source="failedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="queue" label="Queue" />
        <DataTable.Col source="key" label="Key" disableSort />
        <DataTable.Col source="attempts" label="Attempts" align="right" />
        <DataTable.Col
          label="Error"
          disableSort
          render={(j) => (
            <Typography variant="body2" color="error" sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={j.error}>
              {j.error}
            </Typography>
          )}
        />
        <DataTable.Col label="" disableSort render={() => <RetryButton />} />
      </DataTable>
    </List>
  );
}
