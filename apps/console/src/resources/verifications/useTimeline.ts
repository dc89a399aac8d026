import { useEffect, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import { httpClient } from '@/dataProvider';
import type { TimelineEvent } from '@/shared/EventTimeline';

export interface Timeline {
  events: TimelineEvent[];
  /** Where the events came from, shown under the timeline. */
  source: 'timeline' | 'stream' | null;
  loading: boolean;
  error: string | null;
}

/** The verifications API's timeline rows, whatever it names the fields (type/event/created, or time/actor). */
function fromTimeline(row: Record<string, unknown>, i: number): TimelineEvent {
  return {
    id: String(row.id ?? i),
    type: String(row.type ?? ''),
    time: String(row.time ?? row.created ?? row.occurredAt ?? ''),
    actor: (row.actor ?? row.username ?? null) as string | null,
    impersonator: (row.impersonator ?? null) as string | null,
    event: (row.event ?? null) as string | null,
    data: row.data,
  };
}

/**
 * The full event history of a verification: GET /admin/verifications/{id}/timeline when the verifications area
 * serves it, otherwise the raw `verification-<id>` stream through /admin/audit-events (which the console's own
 * API always serves), so staff see every event either way.
 */
export function useTimeline(id: string | undefined): Timeline {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<Timeline>({ events: [], source: null, loading: true, error: null });
  useEffect(() => {
    if (!id) return;
    let live = true;
    void (async () => {
      try {
        const { json } = await httpClient(`/admin/verifications/${encodeURIComponent(id)}/timeline`);
        const rows = (Array.isArray(json) ? json : (json?.content ?? [])) as Record<string, unknown>[];
        if (live) setState({ events: rows.map(fromTimeline), source: 'timeline', loading: false, error: null });
      } catch (e) {
        if (!(e instanceof HttpError && e.status === 404)) {
          if (live) setState({ events: [], source: null, loading: false, error: (e as Error).message });
          return;
        }
        try {
          const { data } = await dataProvider.getList('audit-events', {
            filter: { stream: `verification-${id}` },
            sort: { field: 'revision', order: 'ASC' },
            pagination: { page: 1, perPage: 1000 },
          });
          if (live) setState({ events: data as TimelineEvent[], source: 'stream', loading: false, error: null });
        } catch (e2) {
          if (live) setState({ events: [], source: null, loading: false, error: (e2 as Error).message });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [id, dataProvider]);
  return state;
}
