import Replay from '@mui/icons-material/Replay';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useRecordContext, useRefresh } from 'react-admin';
import { ConfirmedPost } from '@/shared/ConfirmedPost';

/**
 * Rebuild a read model beside the live one (POST /admin/projections/{name}/rebuild); while it runs, the progress
 * of the rebuild measured against the live version's events. The list polls, so the bar moves by itself.
 */
export function RebuildButton() {
  const record = useRecordContext();
  const refresh = useRefresh();
  if (!record) return null;
  if (record.rebuilding) {
    const percent = Math.round((Number(record.rebuildProgress) || 0) * 100);
    return (
      <Box sx={{ minWidth: 160 }} aria-live="polite">
        <LinearProgress variant="determinate" value={percent} aria-label={`Rebuild of ${record.name}`} sx={{ height: 8, borderRadius: 4 }} />
        <Typography variant="caption" color="text.secondary">
          Rebuilding… {percent}% ({Number(record.rebuild?.eventsProcessed ?? 0).toLocaleString('en-GB')} events)
        </Typography>
      </Box>
    );
  }
  return (
    <ConfirmedPost
      label="Rebuild"
      icon={<Replay />}
      url={`/admin/projections/${encodeURIComponent(String(record.id))}/rebuild`}
      title={`Rebuild ${record.name}?`}
      content="The read model is rebuilt from the first event into a new table beside the live one, which keeps answering until the rebuild has caught up and takes its place."
      done={`Rebuild of ${record.name} started`}
      after={refresh}
      disabled={record.state === 'not started'}
    />
  );
}
