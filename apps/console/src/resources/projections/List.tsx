import { Typography } from '@mui/material';
import { DataTable, List } from 'react-admin';
import { duration, ukDate } from '@/shared/format';
import { ProjectionState } from '@/resources/projections/ProjectionState';
import { RebuildButton } from '@/resources/projections/RebuildButton';

/** Read models: refreshed every 3 s so lag and a rebuild's progress move on screen. */
export function ProjectionList() {
  return (
    <List title="Projections" sort={{ field: 'name', order: 'ASC' }} perPage={50} pagination={false} queryOptions={{ refetchInterval: 3000 }} actions={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" label="Read model" />
        <DataTable.Col source="state" label="State" render={(p) => <ProjectionState p={p} />} />
        <DataTable.Col source="version" label="Version" disableSort align="right" />
        <DataTable.Col source="position" label="Position" disableSort render={(p) => <code>{p.position ?? '—'}</code>} />
        <DataTable.Col source="eventsProcessed" label="Events" align="right" render={(p) => Number(p.eventsProcessed).toLocaleString('en-GB')} />
        <DataTable.Col source="lagMs" label="Lag" align="right" render={(p) => duration(p.lagMs)} />
        <DataTable.Col
          label="Last error"
          disableSort
          render={(p) =>
            p.lastError ? (
              <Typography variant="body2" color="error" title={p.lastError} sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {ukDate(p.lastErrorAt, true)}: {p.lastError}
              </Typography>
            ) : (
              '—'
            )
          }
        />
        <DataTable.Col label="" disableSort render={() => <RebuildButton />} />
      </DataTable>
    </List>
  );
}
