import { DomainError } from '@credence/domain';
import { contains, filterAs, type RawFilter, type SqlResource } from '../../../common/http/simple-rest';
import { ERROR_SOURCES } from './error-report.dto';

/** The source filter's values, one or several of ERROR_SOURCES; anything else is the console's mistake. */
function sources(value: RawFilter): string[] {
  const list = filterAs.list(value);
  if (!list.every((s) => (ERROR_SOURCES as readonly string[]).includes(s)))
    throw new DomainError(
      'invalid',
      "The filter 'source' must be error, unhandledrejection, render or caught.",
    );
  return list;
}

export type ErrorReportSort = 'occurredAt' | 'source' | 'path' | 'username';

/**
 * The portal's error reports (access 9), for the console's `error-reports` resource, newest first: what happened
 * where and to whom, and whether the session's recording is there to replay (it may come after the report, or
 * never; it is kept as long as the report).
 */
export const errorReportsResource: SqlResource<ErrorReportSort> = {
  resource: 'error-reports',
  from: 'error_reports e',
  id: 'e.id',
  select: `e.id, e.occurred_at AS "occurredAt", e.source, e.message, e.path, e.app_version AS "appVersion",
    e.user_agent AS "userAgent", e.username, e.recording_id AS "recordingId",
    EXISTS (SELECT 1 FROM debug_recordings r WHERE r.id = e.recording_id) AS "hasRecording"`,
  sortable: {
    occurredAt: 'e.occurred_at',
    source: 'e.source',
    path: 'e.path',
    username: 'lower(e.username)',
  },
  defaultSort: ['occurredAt', 'DESC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(e.message ILIKE ${p} OR e.path ILIKE ${p} OR e.username ILIKE ${p})`;
    },
    source: (v, bind) => `e.source = ANY(${bind(sources(v))})`,
    // A debug session's page lists the errors reported in it.
    recordingId: (v, bind) => `e.recording_id = ${bind(filterAs.text('recordingId', v))}`,
  },
};

/** One report as its page shows it: the list's row and the stack. */
export const errorReportResource: SqlResource<ErrorReportSort> = {
  ...errorReportsResource,
  select: `${errorReportsResource.select}, e.stack`,
};
