import { Box, Card, CardContent, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { timelineTone, type AuditEvent } from '@credence/domain';
import { formatDateTime } from '@/shared/ui/format';

/**
 * A verification's events, oldest first: each event's text and date. Institute decisions are coloured as libs/domain's
 * timelineTone says (Action Required warning, Not Verified danger, Verified success); the text itself names the
 * status, so the colour is never the only signal. The verification view's Event History and the wallet's items.
 */
export function TimelineEvents({ events, id }: { events: readonly AuditEvent[]; id?: string }) {
  const theme = useTheme();
  return (
    <Box component="ol" id={id} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => {
        const tone = timelineTone(e);
        const color = tone ? theme.palette[tone].main : theme.palette.grey[400];
        return (
          <Box
            component="li"
            key={e.id}
            data-tone={tone ?? 'plain'}
            sx={{ position: 'relative', pl: 3.5, pb: i === events.length - 1 ? 0 : 2.5 }}
          >
            {i < events.length - 1 && (
              <Box aria-hidden sx={{ position: 'absolute', left: 7, top: 18, bottom: 0, width: 2, bgcolor: 'divider' }} />
            )}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 0,
                top: 4,
                width: 16,
                height: 16,
                borderRadius: '50%',
                bgcolor: tone ? color : 'background.paper',
                border: `3px solid ${color}`,
              }}
            />
            <Box
              sx={
                tone
                  ? { borderLeft: `3px solid ${color}`, bgcolor: alpha(color, 0.08), borderRadius: 1, px: 1.5, py: 0.75 }
                  : undefined
              }
            >
              <Typography
                variant="body2"
                sx={{ fontWeight: tone ? 600 : 400, color: tone ? theme.palette[tone].dark : 'text.primary', overflowWrap: 'anywhere' }}
              >
                {e.event}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={e.created}>
                {formatDateTime(e.created)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The Event History of the verification view (2.9). */
export function EventTimeline({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Card component="section" aria-labelledby="event-history-title">
      <CardContent>
        <Typography id="event-history-title" variant="h6" component="h3" sx={{ mb: 2 }}>
          Event History
        </Typography>
        {events.length === 0 ? (
          <Typography color="text.secondary">No events yet.</Typography>
        ) : (
          <TimelineEvents events={events} />
        )}
      </CardContent>
    </Card>
  );
}
