import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

export type DebugRecordingSort = 'startedAt' | 'lastAt' | 'bytes' | 'username';

/** The debug recordings (access 2.3), for the console's `debug-recordings` resource: what each is, not its events. */
export const debugRecordingsResource: SqlResource<DebugRecordingSort> = {
  resource: 'debug-recordings',
  from: 'debug_recordings r',
  id: 'r.id',
  select: `r.id, r.started_at AS "startedAt", r.last_at AS "lastAt", r.username, r.user_agent AS "userAgent",
    r.app_version AS "appVersion", r.bytes::float8 AS bytes, r.chunks`,
  sortable: {
    startedAt: 'r.started_at',
    lastAt: 'r.last_at',
    bytes: 'r.bytes',
    username: 'lower(r.username)',
  },
  defaultSort: ['startedAt', 'DESC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(r.username ILIKE ${p} OR r.user_agent ILIKE ${p} OR r.id ILIKE ${p})`;
    },
  },
};
