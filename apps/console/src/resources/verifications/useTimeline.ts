import type { VerificationEventView } from '@credence/api-contract';
import { useEffect, useState } from 'react';
import { httpClient } from '@/dataProvider';
import type { TimelineEvent } from '@/shared/EventTimeline';

export interface Timeline {
  events: TimelineEvent[];
  loading: boolean;
  error: string | null;
}

const asTimelineEvent = (e: VerificationEventView): TimelineEvent => ({
  id: e.id,
  type: e.type,
  time: e.time,
  actor: e.actor,
  impersonator: e.impersonator,
  event: null,
  data: e.data,
});

/** The full event history of a verification (GET /admin/verifications/{id}/timeline); a failure shows as it is. */
export function useTimeline(id: string | undefined): Timeline {
  const [state, setState] = useState<Timeline>({ events: [], loading: true, error: null });
  useEffect(() => {
    if (!id) return;
    let live = true;
    void (async () => {
      try {
        const { json } = await httpClient(`/admin/verifications/${encodeURIComponent(id)}/timeline`);
        if (live) setState({ events: (json as VerificationEventView[]).map(asTimelineEvent), loading: false, error: null });
      } catch (e) {
        if (live) setState({ events: [], loading: false, error: (e as Error).message });
      }
    })();
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
