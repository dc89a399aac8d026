import Replay from '@mui/icons-material/Replay';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '@/dataProvider';

/**
 * Rebuild a read model beside the live one (POST /admin/projections/{name}/rebuild); while it runs, the progress
 * of the rebuild measured against the live version's events. The list polls, so the bar moves by itself.
 */
export function RebuildButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
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
  const run = async () => {
    setPending(true);
    try {
      await httpClient(`/admin/projections/${encodeURIComponent(String(record.id))}/rebuild`, { method: 'POST' });
      notify(`Rebuild of ${record.name} started`, { type: 'info' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Replay />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        disabled={record.state === 'not started'}
      >
        Rebuild
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`Rebuild ${record.name}?`}
        content="The read model is rebuilt from the first event into a new table beside the live one, which keeps answering until the rebuild has caught up and takes its place."
        confirm="Rebuild"
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
