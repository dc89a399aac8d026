import Replay from '@mui/icons-material/Replay';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { httpClient } from '@/dataProvider';

/**
 * Sends a dead-lettered job back to its queue for one more attempt (POST /admin/failed-jobs/{id}/retry), after the
 * cause is fixed (the mail server answers again, an institute's record is corrected). Its processor acts only if
 * there is still something to do, so a retry never doubles an effect.
 */
export function RetryButton({ redirectToList = false }: { redirectToList?: boolean }) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const run = async () => {
    setPending(true);
    try {
      await httpClient(`/admin/failed-jobs/${encodeURIComponent(String(record.id))}/retry`, { method: 'POST' });
      notify(`${record.queue} job sent back to its queue`, { type: 'info' });
      if (redirectToList) redirect('list', 'failed-jobs');
      else refresh();
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
        aria-label={`Retry ${record.queue} job ${record.key}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        Retry
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="Retry this job?"
        content="The job goes back to its queue for one more attempt. Retry once what made it fail is fixed; if it fails again, it comes back to this list."
        confirm="Retry"
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
