import Replay from '@mui/icons-material/Replay';
import { useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ConfirmedPost } from '@/shared/ConfirmedPost';

/**
 * Sends a dead-lettered job back to its queue for one more attempt (POST /admin/failed-jobs/{id}/retry), after the
 * cause is fixed (the mail server answers again, an institute's record is corrected). Its processor acts only if
 * there is still something to do, so a retry never doubles an effect.
 */
export function RetryButton({ redirectToList = false }: { redirectToList?: boolean }) {
  const record = useRecordContext();
  const refresh = useRefresh();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <ConfirmedPost
      label="Retry"
      icon={<Replay />}
      ariaLabel={`Retry ${record.queue} job ${record.key}`}
      url={`/admin/failed-jobs/${encodeURIComponent(String(record.id))}/retry`}
      title="Retry this job?"
      content="The job goes back to its queue for one more attempt. Retry once what made it fail is fixed; if it fails again, it comes back to this list."
      done={`${record.queue} job sent back to its queue`}
      after={() => (redirectToList ? redirect('list', 'failed-jobs') : refresh())}
    />
  );
}
