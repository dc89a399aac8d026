import { Alert } from '@mui/material';
import { useGetList } from 'react-admin';
import { EventTimeline, type TimelineEvent } from '@/shared/EventTimeline';

/** The newest events of one audit stream (sign-ins, role changes, staff edits), newest first. */
export function AuditTrail({ stream, perPage = 50 }: { stream: string; perPage?: number }) {
  const { data, isPending, error, total } = useGetList<TimelineEvent & { id: string }>('audit-events', {
    filter: { stream },
    sort: { field: 'revision', order: 'DESC' },
    pagination: { page: 1, perPage },
  });
  if (isPending) return null;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <>
      <EventTimeline events={data ?? []} empty="Nothing recorded for this account yet." />
      {total && total > perPage ? <Alert severity="info" sx={{ mt: 1 }}>Showing the newest {perPage} of {total} events.</Alert> : null}
    </>
  );
}
