import { Box, Chip, Paper, Typography } from '@mui/material';
import { DataValue, JsonBlock } from '@/shared/DataValue';
import { ukDate } from '@/shared/format';

export interface TimelineEvent {
  id: string | number;
  type: string;
  time: string;
  actor: string | null;
  impersonator?: string | null;
  data?: unknown;
  /** verifications.md 3 audit event text, when the source gives one. */
  event?: string | null;
}

/** 'CustomerUpdatedByStaff' -> 'Customer updated by staff'. */
export const humanType = (type: string) =>
  type
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/**
 * Every event with its type, time, actor, impersonator and data: the full history of a verification or an
 * account, oldest first, nothing summarised away.
 */
export function EventTimeline({ events, empty = 'No events yet.' }: { events: TimelineEvent[]; empty?: string }) {
  if (!events.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Event timeline" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
      {events.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: '20px 1fr',
            columnGap: 1.5,
            pb: i === events.length - 1 ? 0 : 2,
            position: 'relative',
            '&::before':
              i === events.length - 1
                ? undefined
                : { content: '""', position: 'absolute', left: 9, top: 18, bottom: 0, width: 2, bgcolor: 'divider' },
          }}
        >
          <Box sx={{ width: 12, height: 12, mt: 0.6, ml: 0.5, borderRadius: '50%', bgcolor: 'primary.main', boxShadow: '0 0 0 3px #dfe5f2' }} />
          <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, justifyContent: 'space-between' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {e.event ?? humanType(e.type)}
                </Typography>
                {/* The stored type, for auditors who search the stream by it: there, but quieter than the title. */}
                <Typography component="code" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 11 }}>
                  {e.type}
                </Typography>
              </Box>
              <Typography component="time" dateTime={e.time} variant="caption" color="text.secondary">
                {ukDate(e.time, true)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
              <Chip size="small" label={`by ${e.actor ?? 'unknown'}`} />
              {e.impersonator ? <Chip size="small" color="warning" label={`impersonated by ${e.impersonator}`} /> : null}
            </Box>
            <EventData data={e.data} />
          </Paper>
        </Box>
      ))}
    </Box>
  );
}

/** Scalars short enough to read at a glance; the rest waits in Details. */
const AT_A_GLANCE = 4;
const glance = (value: unknown) =>
  value !== null && value !== '' && (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 60));

/**
 * The data's fields as [path, value], an object one level down read by its fields ('document.name'): an event such
 * as DocumentAttached holds its facts in one object ({ document: {...} }) and showed nothing but Details.
 */
function glanceEntries(data: Record<string, unknown>): [string, unknown][] {
  return Object.entries(data).flatMap(([key, value]): [string, unknown][] =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([inner, v]): [string, unknown] => [`${key}.${inner}`, v])
      : [[key, value]],
  );
}

/**
 * The event's data: its first few short fields as key: value, and all of it as pretty JSON under Details (a single
 * JSON line cut off at the screen's edge hid what an auditor opened the timeline for).
 */
function EventData({ data }: { data: unknown }) {
  if (data === undefined || data === null || (typeof data === 'object' && !Object.keys(data as object).length)) return null;
  if (typeof data !== 'object') {
    return (
      <Typography variant="body2" sx={{ mt: 1 }}>
        <DataValue value={data} />
      </Typography>
    );
  }
  const list = Array.isArray(data);
  const entries = list ? [] : glanceEntries(data as Record<string, unknown>);
  const short = entries.filter(([, value]) => glance(value)).slice(0, AT_A_GLANCE);
  const complete = !list && short.length === entries.length;
  return (
    <Box sx={{ mt: 1 }}>
      {short.length ? (
        <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.25, fontSize: 13 }}>
          {short.map(([key, value]) => (
            <Box key={key} sx={{ display: 'flex', gap: 0.75, minWidth: 0 }}>
              <Box component="dt" sx={{ color: 'text.secondary' }} title={key}>
                {key.split('.').map(humanType).join(' › ')}:
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                <DataValue value={value} />
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
      {complete ? null : (
        <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', fontSize: 13, color: 'primary.main', width: 'fit-content' } }}>
          <Box component="summary">Details</Box>
          <Box sx={{ mt: 0.5, p: 1, bgcolor: '#f6f8fc', borderRadius: 1 }}>
            <JsonBlock value={data} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
