import { Box, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { PageSection } from '@/shared/PageSection';
import { ukDate } from '@/shared/format';
import { RecordTitle } from '@/shared/RecordTitle';
import { RetryButton } from './RetryButton';

function Job() {
  const j = useRecordContext();
  if (!j) return null;
  return (
    <PageSection title={`${j.queue} · ${j.key}`}>
      <Typography variant="body2">Failed {ukDate(j.failedAt, true)} after {j.attempts} attempt(s).</Typography>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Error
      </Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', bgcolor: '#fdf2f2', p: 1.5, borderRadius: 1, fontSize: 13 }}>
        {j.error}
      </Box>
      <Typography variant="subtitle2">Payload</Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', bgcolor: '#f6f8fc', p: 1.5, borderRadius: 1, fontSize: 13 }}>
        {JSON.stringify(j.payload, null, 2)}
      </Box>
    </PageSection>
  );
}

export function FailedJobShow() {
  return (
    <Show title={<RecordTitle field="key" prefix="Failed job " />} actions={<TopToolbar><RetryButton redirectToList /><ListButton /></TopToolbar>} sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}>
      <Job />
    </Show>
  );
}
