import { Box, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { PageSection } from '@/shared/PageSection';
import { duration, ukDate } from '@/shared/format';
import { ProjectionState } from '@/resources/projections/ProjectionState';
import { RebuildButton } from '@/resources/projections/RebuildButton';
import { RecordTitle } from '@/shared/RecordTitle';

function Detail() {
  const p = useRecordContext();
  if (!p) return null;
  const rows: [string, React.ReactNode][] = [
    ['State', <ProjectionState key="s" p={p} />],
    ['Version', p.version],
    ['Position', <code key="p">{p.position ?? '—'}</code>],
    ['Events processed', Number(p.eventsProcessed).toLocaleString('en-GB')],
    ['Checkpoint updated', ukDate(p.updatedAt, true)],
    ['Lag', duration(p.lagMs)],
    ['Last error', p.lastError ? `${ukDate(p.lastErrorAt, true)}: ${p.lastError}` : 'None'],
    ['Rebuild', p.rebuild ? `version ${p.rebuild.version}, requested ${ukDate(p.rebuild.requestedAt, true)}` : 'None running'],
  ];
  return (
    <PageSection title={String(p.name)} action={<RebuildButton />}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </PageSection>
  );
}

export function ProjectionShow() {
  return (
    <Show title={<RecordTitle />} queryOptions={{ refetchInterval: 2000 }} actions={<TopToolbar><ListButton /></TopToolbar>} sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}>
      <Detail />
    </Show>
  );
}
