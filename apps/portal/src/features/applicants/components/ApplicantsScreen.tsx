import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApplicantApplication } from '@/features/applicants/api/applicants';
import { ApplicantFiltersPanel } from '@/features/applicants/components/ApplicantFiltersPanel';
import {
  activeApplicantFilters,
  applicantFiltersFromParams,
  applicantQuery,
  applicantTableState,
  withApplicantFilters,
  withApplicantTableState,
  type ApplicantAudience,
  type ApplicantFilters,
} from '@/features/applicants/components/applicantFilters';
import { InviteApplicantCard } from '@/features/applicants/components/InviteApplicantCard';
import { useApplicants, useApplicationFilters, useArchiveApplications } from '@/features/applicants/hooks/useApplicants';
import { FiltersButton, QuickSearchField } from '@/features/verifications/components/ListSearchControls';
import { useNotify } from '@/shared/notifications/useNotify';
import { useSearchParamsState } from '@/shared/routing/useSearchParamsState';
import { useSession } from '@/shared/session/useSession';
import { formatDate } from '@/shared/ui/format';
import { ApplicationStatusChip } from '@/shared/ui/result';
import { PaginatedTable, type TableColumn } from '@/shared/ui/table';
import { LoadError } from '@/shared/ui/feedback';

/** Completed rows are bold (verifications 2.13). */
const strong = (row: ApplicantApplication, content: ReactNode) =>
  row.status === 'COMPLETED' ? <Box component="span" sx={{ fontWeight: 700 }}>{content}</Box> : content;

/**
 * Applicants (/applicant/history, verifications 2.13): the Invite Applicant card (inviteApplicants only) and the
 * Applicant History card with its filters (the server's custom filters among them), group archive, completed rows
 * in bold and the 'Insights' tag. Filters and page live in the URL.
 *
 * An individual with hasApplicants reads their own applications here (verifications 6): an Organisation column and
 * filter instead of the Applicant ones, OPEN offered and no status ticked by default, no reference, custom filters,
 * group archive or invitations, and a row opens the individual's view of the application (/application/history/{id}).
 */
export function ApplicantsScreen() {
  const { claims } = useSession();
  const [params, updateParams] = useSearchParamsState();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const audience: ApplicantAudience = claims?.isIndividual ? 'individual' : 'organisation';
  const organisation = audience === 'organisation';
  const filters = useMemo(() => applicantFiltersFromParams(params, audience), [params, audience]);
  const table = useMemo(() => applicantTableState(params), [params]);
  const { data, isPlaceholderData, isError, refetch } = useApplicants(applicantQuery(filters, table));
  const customFilters = useApplicationFilters(organisation).data ?? [];
  const archive = useArchiveApplications();
  const [open, setOpen] = useState(false);
  const [grouping, setGrouping] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const refLabel = claims?.appRefLabel || 'Reference';
  const active = activeApplicantFilters(filters, audience);

  /** A change of some filters, over the newest ones asked for (two quick changes both hold). */
  const patchFilters = (
    change: Partial<ApplicantFilters> | ((current: ApplicantFilters) => Partial<ApplicantFilters>),
  ) =>
    updateParams((latest) => {
      const current = applicantFiltersFromParams(latest, audience);
      return withApplicantFilters(latest, { ...current, ...(typeof change === 'function' ? change(current) : change) });
    });

  /**
   * Verifications 4: a quick search with the filters closed looks in ARCHIVED too, until the search is cleared.
   * ARCHIVED is the organisations' status: an individual's search keeps the statuses as they are.
   */
  const quickSearch = (query: string) => {
    patchFilters((current) => {
      if (!organisation) return { query };
      const others = current.statuses.filter((s) => s !== 'ARCHIVED');
      const statuses = open || !current.statuses.length ? current.statuses : query ? [...others, 'ARCHIVED'] : others;
      return { query, statuses };
    });
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const stopGrouping = () => {
    setGrouping(false);
    setSelected(new Set());
  };
  const archiveSelected = async () => {
    try {
      await archive.mutateAsync([...selected]);
    } catch {
      notify({ message: 'The applications could not all be archived. Please try again.', severity: 'error', durationMs: 7500 });
    }
    setConfirming(false);
    stopGrouping();
  };

  const columns: TableColumn<ApplicantApplication>[] = [
    ...(grouping
      ? [
          {
            id: 'select',
            header: 'Select',
            cell: (r: ApplicantApplication) => (
              <Checkbox
                size="small"
                checked={selected.has(r.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => toggle(r.id)}
                slotProps={{ input: { 'aria-label': `Select the application of ${r.applicant.name}` } }}
              />
            ),
          },
        ]
      : []),
    { id: 'created', header: 'Created', cell: (r) => strong(r, formatDate(r.created)) },
    { id: 'submitted', header: 'Submitted', cell: (r) => strong(r, formatDate(r.submitted) || '-'), hideOnPhone: true },
    organisation
      ? { id: 'applicant', header: 'Applicant', cell: (r) => strong(r, r.applicant.name) }
      : { id: 'organisation', header: 'Organisation', cell: (r) => strong(r, r.owner.name) },
    ...(organisation
      ? [{ id: 'customerReference', header: refLabel, cell: (r: ApplicantApplication) => strong(r, r.customerReference ?? ''), hideOnPhone: true }]
      : []),
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <ApplicationStatusChip status={r.status} />
          {r.insightTag && <Chip label="Insights" size="small" color="secondary" variant="outlined" />}
        </Stack>
      ),
    },
    { id: 'verificationCount', header: 'Verifications', cell: (r) => strong(r, r.verificationCount), align: 'right' },
  ];

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2">
        Applicants
      </Typography>
      {organisation && claims?.inviteApplicants && <InviteApplicantCard refLabel={refLabel} />}
      <Card component="section" aria-labelledby="applicant-history-title">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
            <Typography id="applicant-history-title" component="h3" variant="h6">
              Applicant History
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <QuickSearchField
                value={filters.query}
                onCommit={quickSearch}
                placeholder={organisation ? 'Search by name or reference' : 'Search by organisation'}
                width={{ sm: 280 }}
              />
              {!organisation ? null : grouping ? (
                <>
                  <Button variant="contained" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
                    {`Archive Selected (${selected.size})`}
                  </Button>
                  <Button onClick={stopGrouping}>Cancel</Button>
                </>
              ) : (
                <Button variant="outlined" onClick={() => setGrouping(true)}>
                  Group Archive
                </Button>
              )}
              <FiltersButton
                active={active}
                open={open}
                onToggle={() => setOpen((o) => !o)}
                controls="applicant-filters"
              />
            </Stack>
          </Stack>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ mb: 2.5 }}>
              <ApplicantFiltersPanel
                audience={audience}
                filters={filters}
                customFilters={customFilters}
                refLabel={refLabel}
                onChange={patchFilters}
              />
            </Box>
          </Collapse>
          {isError && !data ? (
            <LoadError onRetry={refetch}>
              The applicant history could not be loaded.
            </LoadError>
          ) : (
            <PaginatedTable
              label="Applicant history"
              columns={columns}
              rows={data?.content}
              rowKey={(r) => r.id}
              total={data?.totalSize ?? 0}
              state={table}
              onChange={(next) => updateParams((latest) => withApplicantTableState(latest, next))}
              loading={isPlaceholderData}
              emptyText={active ? 'No applications match these filters.' : 'No applications yet.'}
              onRowClick={(r) =>
                grouping
                  ? toggle(r.id)
                  : void navigate(`${organisation ? '/applicant/history' : '/application/history'}/${encodeURIComponent(r.id)}`, {
                      state: { from: `${location.pathname}${location.search}` },
                    })
              }
            />
          )}
        </CardContent>
      </Card>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="archive-group-title">
        <DialogTitle id="archive-group-title">Archive Applicants History?</DialogTitle>
        <DialogContent>
          <DialogContentText>{`Are you sure you want to archive these ${selected.size} applications?`}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>This will also notify the applicants you have reviewed their application.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void archiveSelected()} disabled={archive.isPending}>
            {archive.isPending ? 'Archiving...' : 'Archive All'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
