import { DomainError } from '@credence/domain';
import { contains, filterAs, type RawFilter, type SqlResource } from '../../../common/http/simple-rest';
import { RECORDING_REASONS } from './debug-recording.dto';

/** The reason filter's values, one or several of RECORDING_REASONS; anything else is the console's mistake. */
function reasons(value: RawFilter): string[] {
  const list = filterAs.list(value);
  if (!list.every((r) => (RECORDING_REASONS as readonly string[]).includes(r)))
    throw new DomainError('invalid', "The filter 'reason' must be debug, sampled or error.");
  return list;
}

export type DebugRecordingSort = 'startedAt' | 'lastAt' | 'bytes' | 'username';

/**
 * The debug recordings (access 2.3, and access 9's sampled sessions and sessions with an error), for the console's
 * `debug-recordings` resource: what each is and why it was made, not its events.
 */
export const debugRecordingsResource: SqlResource<DebugRecordingSort> = {
  resource: 'debug-recordings',
  from: 'debug_recordings r',
  id: 'r.id',
  select: `r.id, r.started_at AS "startedAt", r.last_at AS "lastAt", r.username, r.user_agent AS "userAgent",
    r.app_version AS "appVersion", r.bytes::float8 AS bytes, r.chunks, r.reason`,
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
    reason: (v, bind) => `r.reason = ANY(${bind(reasons(v))})`,
  },
};
