import { Alert, Box, Button, List, ListItem, ListItemButton, ListItemText, Slider, Table, TableBody, TableCell, TableHead, TableRow, Typography, type Theme } from '@mui/material';
import type { BundleCheckView, ReplayedEventView, VerificationReplayView } from '@credence/api-contract';
import type { VerificationState } from '@credence/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { httpClient } from '@/dataProvider';
import { DataValue, JsonBlock } from '@/shared/DataValue';
import { PageSection } from '@/shared/PageSection';
import { isIsoInstant, ukDate, ukInstant } from '@/shared/format';
import { stageName, staffResultName } from '@/shared/results';

const base = (id: string) => `/admin/verifications/${encodeURIComponent(id)}`;
const getJson = async <T,>(url: string) => (await httpClient(url)).json as T;

/** 'VerificationDrafted' -> 'Verification drafted'. */
const eventName = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());
const who = (e: ReplayedEventView) =>
  `${e.process ? `process ${e.process}` : e.actor}${e.impersonator ? ` (by ${e.impersonator} on their behalf)` : ''}`;

/** The exact code beside its words: auditors quote and search by it. */
function Code({ children }: { children: string }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: 'monospace', fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}
    >
      {children}
    </Box>
  );
}

function StateSummary({ state: { result, stage } }: { state: VerificationState }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mb: 1 }}>
      <Typography variant="body2" component="p">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Result{' '}
        </Box>
        {result ? (
          <>
            <strong>{staffResultName(result) || result}</strong> <Code>{result}</Code>
          </>
        ) : (
          <DataValue value={null} />
        )}
      </Typography>
      <Typography variant="body2" component="p">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Stage{' '}
        </Box>
        {stage ? (
          <>
            <strong>{stageName(stage)}</strong> <Code>{stage}</Code>
          </>
        ) : (
          <DataValue value={null} />
        )}
      </Typography>
    </Box>
  );
}

/** Only the picked event looks picked: a ripple left on the previous one (and a grey focus) read as a second pick. */
const EVENT_BUTTON_SX = {
  borderLeft: '3px solid transparent',
  '&.Mui-focusVisible': {
    bgcolor: 'transparent',
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '&.Mui-selected, &.Mui-selected.Mui-focusVisible': {
    bgcolor: 'rgba(26, 45, 95, 0.1)',
    borderLeftColor: 'primary.main',
  },
  '&.Mui-selected:hover': { bgcolor: 'rgba(26, 45, 95, 0.14)' },
} as const;

/**
 * Three columns of JSON do not fit a phone: there each change stacks, its field over its before and after (labelled
 * from data-label), so a value gets the whole width and breaks between words.
 */
const CHANGES_SX = (theme: Theme) => ({
  '& th, & td': { verticalAlign: 'top' },
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'block', py: 1, borderBottom: '1px solid', borderColor: 'divider' },
    '& tbody td': { display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr)', border: 0, px: 0, py: 0.25 },
    '& tbody td:first-of-type': { display: 'block', fontWeight: 600 },
    '& tbody td[data-label]::before': { content: 'attr(data-label)', color: 'text.secondary' },
  },
});

/**
 * Replays the verification to any of its events: a slider and the event list pick a revision; the panel shows the
 * state as of that event (folded by the API with the domain's own evolve) and what that event changed.
 */
export function ReplayPanel({ id }: { id: string }) {
  // A 4xx will not mend by asking again (and the user can reload): no retries, the error shows at once.
  const latest = useQuery({ queryKey: ['verification-state', id, 'latest'], queryFn: () => getJson<VerificationReplayView>(`${base(id)}/state`), retry: false });
  const [picked, setPicked] = useState<number | null>(null);
  const revision = picked ?? latest.data?.lastRevision ?? null;
  const at = useQuery({
    queryKey: ['verification-state', id, revision],
    queryFn: () => getJson<VerificationReplayView>(`${base(id)}/state?at=${revision}`),
    enabled: revision !== null && revision >= 0,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const verify = useQuery({ queryKey: ['verification-verify', id], queryFn: () => getJson<BundleCheckView>(`${base(id)}/verify`), enabled: false, retry: false });

  async function exportBundle() {
    const { body } = await httpClient(`${base(id)}/export`);
    const url = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${id}-audit-bundle.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  const events = latest.data?.events ?? [];
  const view = at.data;
  const current = events.find((e) => e.revision === revision);
  return (
    <PageSection
      title="Replay"
      id="replay-heading"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => void verify.refetch()}>
            Verify history
          </Button>
          <Button size="small" variant="outlined" onClick={() => void exportBundle()}>
            Export bundle
          </Button>
        </Box>
      }
    >
      {latest.error ? <Alert severity="error">The history could not be read: {(latest.error as Error).message}</Alert> : null}
      {verify.data ? (
        verify.data.ok ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            History intact: {verify.data.events} events, every hash link holds
            {verify.data.coveredUpTo >= 0 ? `, signed up to revision ${verify.data.coveredUpTo}` : ''}.
          </Alert>
        ) : (
          <Alert severity="error" sx={{ mb: 2 }}>
            History changed: {verify.data.firstBad?.message}
          </Alert>
        )
      ) : null}
      {verify.error ? <Alert severity="error">{(verify.error as Error).message}</Alert> : null}
      {latest.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading the history…
        </Typography>
      ) : events.length ? (
        <>
          <Box sx={{ px: 1.5, pt: 1 }}>
            <Slider
              aria-label="Replay to revision"
              value={revision ?? 0}
              min={0}
              max={Math.max(0, events.length - 1)}
              step={1}
              marks
              valueLabelDisplay="auto"
              getAriaValueText={(v) => `Revision ${v}`}
              onChange={(_, v) => setPicked(v as number)}
            />
          </Box>
          {/* minmax(0, ...): a wide value scrolls or wraps inside its column instead of widening the page. */}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(240px, 1fr) minmax(0, 2fr)' }, gap: 2 }}>
            <List dense aria-label="Events to replay to" sx={{ maxHeight: 420, overflowY: 'auto', border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
              {events.map((e) => (
                <ListItem key={e.revision} disablePadding>
                  <ListItemButton
                    disableRipple
                    selected={e.revision === revision}
                    aria-current={e.revision === revision ? 'step' : undefined}
                    onClick={() => setPicked(e.revision)}
                    sx={EVENT_BUTTON_SX}
                  >
                    <ListItemText primary={`${e.revision}. ${eventName(e.type)}`} secondary={`${ukDate(e.recordedAt, true)} · ${who(e)}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Box aria-live="polite" sx={{ minWidth: 0 }}>
              {current ? (
                <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                  State as of revision {current.revision}: {eventName(current.type)}, {ukDate(current.recordedAt, true)}, {who(current)}
                </Typography>
              ) : null}
              {view && view.revision === revision ? (
                <>
                  <StateSummary state={view.state} />
                  <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small" aria-label="What this event changed" sx={CHANGES_SX}>
                      <TableHead>
                        <TableRow>
                          <TableCell>Field</TableCell>
                          <TableCell>Before</TableCell>
                          <TableCell>After</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {view.changes.map((c) => {
                          // Two instants in the same second would read alike: then both to the millisecond.
                          const precise = isIsoInstant(c.before) && isIsoInstant(c.after) && ukInstant(c.before) === ukInstant(c.after);
                          return (
                            <TableRow key={c.field}>
                              <TableCell>{c.field}</TableCell>
                              <TableCell data-label="Before" sx={{ color: 'error.dark' }}>
                                <DataValue value={c.before} precise={precise} />
                              </TableCell>
                              <TableCell data-label="After" sx={{ color: 'success.dark' }}>
                                <DataValue value={c.after} precise={precise} />
                              </TableCell>
                            </TableRow>
                          );
                        })}
                        {view.changes.length === 0 ? (
                          <TableRow>
                            <TableCell colSpan={3}>This event changed nothing in the state.</TableCell>
                          </TableRow>
                        ) : null}
                      </TableBody>
                    </Table>
                  </Box>
                  <Box component="details" sx={{ mt: 1.5 }}>
                    <Box component="summary" sx={{ cursor: 'pointer' }}>
                      <Typography component="span" variant="body2">
                        Whole state as of revision {view.revision}
                      </Typography>
                    </Box>
                    <Box sx={{ mt: 1 }}>
                      <JsonBlock value={view.state} />
                    </Box>
                  </Box>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Replaying…
                </Typography>
              )}
            </Box>
          </Box>
        </>
      ) : null}
    </PageSection>
  );
}
