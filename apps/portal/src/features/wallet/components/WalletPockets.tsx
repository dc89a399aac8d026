import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Collapse,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { AuditEvent } from '@credence/domain';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ResultChip } from '@/shared/ui/result';
import { TimelineEvents } from '@/features/verifications/components/EventTimeline';
import { formatDate } from '@/shared/ui/format';
import { MetaLine } from '@/shared/ui/text';

/** One verification in a pocket: as the owner's wallet or a share shows it (a share has no ids: no edit link). */
export interface WalletItem {
  key: string;
  type: string;
  name: string;
  /** What was verified ('Computer Science, 2017'): tells apart two entries from one institute. */
  credential?: string | null;
  result: string;
  resultDetail: string | null;
  recorded: string | null;
  approvedDate: string | null;
  /** The owner's view of it, /verification/history/{id}, where REJECTED and NOT_FOUND ('Action Required') are edited.
   * A share has none (its ids are removed). */
  href?: string | null;
  /** The item's timeline (event text and date, oldest first), when the list was asked for it. */
  timeline?: readonly AuditEvent[];
}

/** 2.12 'Each item: ... and timeline': the events behind a disclosure, so the pockets stay a list of results. */
function ItemTimeline({
  name,
  events,
  action,
}: {
  name: string;
  events: readonly AuditEvent[];
  action: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!events.length) return action ? <Box sx={{ mt: 0.5 }}>{action}</Box> : null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? 'Hide' : 'Show'} the timeline of ${name}`}
          endIcon={open ? <ExpandLess /> : <ExpandMore />}
          sx={{ px: 0, minWidth: 0 }}
        >
          {`Timeline (${events.length} event${events.length === 1 ? '' : 's'})`}
        </Button>
        {action}
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <TimelineEvents events={events} id={id} />
        </Box>
      </Collapse>
    </Box>
  );
}

/** 2.12's pockets, in order, with the verification types each holds. */
export const POCKETS = [
  { title: 'Education History', types: ['UNI'], code: 'edu' },
  { title: 'High School History', types: ['HIGH_SCHOOL'], code: 'hsc' },
  { title: 'Employment History', types: ['EMPLOYMENT'], code: 'emp' },
  { title: 'Professional Licences', types: ['PROF_LIC', 'PROF_BODY'], code: 'pli' },
  { title: 'Professional Certificates', types: ['PROF_CERT'], code: 'pce' },
  { title: 'Identity', types: ['IDENTITY'], code: 'idc' },
  { title: 'SELT Validation', types: ['ENG_LANG'], code: 'elc' },
  { title: 'Academic Reference', types: ['ACA_REF'], code: 'arf' },
] as const;

export type Pocket = (typeof POCKETS)[number];

const isAction = (r: string) => r === 'REJECTED' || r === 'NOT_FOUND';

/** Header counts (2.12): action required and pending (hidden in public), verified. */
export function pocketCounts(items: WalletItem[]) {
  return {
    action: items.filter((i) => isAction(i.result)).length,
    pending: items.filter((i) => i.result === 'PENDING').length,
    verified: items.filter((i) => i.result === 'VERIFIED').length,
  };
}

interface WalletPocketsProps {
  items: WalletItem[];
  /** The public share view: only non-empty pockets, no action or pending counts, no add buttons. */
  publicView?: boolean;
  sharingEnabled?: boolean;
  /** The add link of a pocket, or null when adding is not offered for it. */
  addLink?: (pocket: Pocket) => string | null;
}

/** The wallet's pockets (2.12): one collapsible per verification type, with its counts and items. */
export function WalletPockets({
  items,
  publicView = false,
  sharingEnabled = true,
  addLink,
}: WalletPocketsProps) {
  const byPocket = POCKETS.map((p) => ({
    pocket: p,
    entries: items.filter((i) => (p.types as readonly string[]).includes(i.type)),
  }));
  const nonEmpty = byPocket.filter((p) => p.entries.length > 0);
  const shown = byPocket.filter(
    ({ entries }) => (!publicView || entries.length > 0) && (sharingEnabled || entries.length > 0),
  );
  return (
    <Stack spacing={1.5}>
      {shown.map(({ pocket, entries }) => {
        const counts = pocketCounts(entries);
        // 2.12: a pocket starts open when the other types are empty.
        const startsOpen = entries.length > 0 && nonEmpty.length === 1;
        const add = !publicView && sharingEnabled ? (addLink?.(pocket) ?? null) : null;
        const headingId = `pocket-${pocket.code}`;
        return (
          <Accordion key={pocket.code} defaultExpanded={startsOpen} disableGutters>
            <AccordionSummary
              expandIcon={<ExpandMore />}
              aria-controls={`${headingId}-content`}
              id={headingId}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                {/* The summary is already the heading (MUI wraps it in an h3): the title is its first words. */}
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
                  {pocket.title}
                </Typography>
                {!publicView && counts.action > 0 && (
                  <Chip size="small" color="warning" label={`${counts.action} action required`} />
                )}
                {!publicView && counts.pending > 0 && (
                  <Chip size="small" color="info" label={`${counts.pending} pending`} />
                )}
                <Chip
                  size="small"
                  color={counts.verified ? 'success' : 'default'}
                  label={`${counts.verified} verified`}
                />
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`${headingId}-content`}>
              {entries.length === 0 && (
                <Typography color="text.secondary" sx={{ mb: add ? 1 : 0 }}>
                  No {pocket.title.toLowerCase()} verifications yet.
                </Typography>
              )}
              {entries.length > 0 && (
                <List disablePadding>
                  {entries.map((item, i) => (
                    <ListItem
                      key={item.key}
                      divider={i < entries.length - 1}
                      disableGutters
                      sx={{ display: 'block', py: 1.5 }}
                    >
                      <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={1}
                        sx={{
                          justifyContent: 'space-between',
                          alignItems: { xs: 'flex-start', sm: 'center' },
                        }}
                      >
                        <Box>
                          <Typography sx={{ fontWeight: 500 }}>{item.name}</Typography>
                          {item.credential && <Typography variant="body2">{item.credential}</Typography>}
                        </Box>
                        <ResultChip result={item.result} />
                      </Stack>
                      {item.resultDetail && (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                          {item.resultDetail}
                        </Typography>
                      )}
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        <MetaLine
                          parts={[
                            item.recorded && `Requested ${formatDate(item.recorded)}`,
                            item.approvedDate && `Resolved ${formatDate(item.approvedDate)}`,
                          ]}
                        />
                      </Typography>
                      <ItemTimeline
                        name={item.name}
                        events={item.timeline ?? []}
                        action={
                          item.href && (
                            <Button
                              component={RouterLink}
                              to={item.href}
                              size="small"
                              sx={{ px: 0, minWidth: 0 }}
                              aria-label={`${isAction(item.result) ? 'Edit' : 'View'} ${item.name}`}
                            >
                              {isAction(item.result) ? 'Edit' : 'View'}
                            </Button>
                          )
                        }
                      />
                    </ListItem>
                  ))}
                </List>
              )}
              {add && (
                <Button component={RouterLink} to={add} size="small" sx={{ mt: 1, px: 0, minWidth: 0 }}>
                  {`Add another ${pocket.title} Verification`}
                </Button>
              )}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Stack>
  );
}
