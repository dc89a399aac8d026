import { Box, Chip, Paper, Typography } from '@mui/material';
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
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }} title={e.type}>
                {e.event ?? humanType(e.type)}
              </Typography>
              <Typography component="time" dateTime={e.time} variant="caption" color="text.secondary">
                {ukDate(e.time, true)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
              <Chip size="small" variant="outlined" label={e.type} sx={{ fontFamily: 'monospace', fontSize: 11 }} />
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

/** The event's data: a one-line preview, the whole of it (pretty JSON) on demand. */
function EventData({ data }: { data: unknown }) {
  if (data === undefined || data === null || (typeof data === 'object' && !Object.keys(data as object).length)) return null;
  const line = JSON.stringify(data);
  const short = line.length <= 140;
  return (
    <Box
      component="details"
      sx={{ mt: 1, '& summary': { cursor: short ? 'default' : 'pointer', listStyle: short ? 'none' : undefined }, '&[open] .preview': { display: 'none' } }}
    >
      <Box component="summary" sx={{ fontSize: 12, color: 'text.secondary', fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <span className="preview">{short ? line : `${line.slice(0, 140)}…`}</span>
        {short ? null : <span> (data)</span>}
      </Box>
      {short ? null : (
        <Box component="pre" sx={{ m: 0, mt: 0.5, p: 1, bgcolor: '#f6f8fc', borderRadius: 1, fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(data, null, 2)}
        </Box>
      )}
    </Box>
  );
}
