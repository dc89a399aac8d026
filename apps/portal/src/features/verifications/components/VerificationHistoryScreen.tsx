import { Box, Card, CardContent, Chip, Collapse, Stack, Typography } from '@mui/material';
import { isHighlightedResult } from '@credence/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PendingVerificationsModal } from '@/features/pending/components/PendingVerificationsModal';
import type { VerificationRow } from '@/features/verifications/api/verifications';
import { FiltersButton, QuickSearchField } from '@/features/verifications/components/ListSearchControls';
import { HistoryFiltersPanel } from '@/features/verifications/components/HistoryFiltersPanel';
import {
  activeFilterCount,
  filtersFromParams,
  type HistoryFilters,
  tableStateFromParams,
  withFilters,
  withTableState,
} from '@/features/verifications/historyFilters';
import { useVerificationHistory } from '@/features/verifications/hooks/useVerificationHistory';
import { useSearchParamsState } from '@/shared/routing/useSearchParamsState';
import {
  accreditationBadge,
  instituteColumn,
  invoiceToast,
  personName,
  typeChoices,
} from '@/features/verifications/presentation';
import { useNotify } from '@/shared/notifications/useNotify';
import { ownRefLabel, useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { formatDate } from '@/shared/ui/format';
import { ResultChip } from '@/shared/ui/result';
import { PaginatedTable, type TableColumn } from '@/shared/ui/table';
import { LoadError } from '@/shared/ui/feedback';

/**
 * Verification history (verifications.md 2.10): the quick search, the Filters panel with its active count, the
 * list with its badges, REJECTED and NOT_FOUND highlighted, the ids of a new order marked. Filters and page live
 * in the URL; the pages in the query cache, so a revisit shows the list at once.
 */
export function VerificationHistoryScreen() {
  const facts = useAccountFacts();
  const { claims } = useSession();
  const [params, updateParams] = useSearchParamsState();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const table = useMemo(() => tableStateFromParams(params), [params]);
  const active = activeFilterCount(filters);
  const [open, setOpen] = useState(false);
  /** A change of some filters, over the newest ones asked for (two quick changes both hold). */
  const patchFilters = (patch: Partial<HistoryFilters>) =>
    updateParams((latest) => withFilters(latest, { ...filtersFromParams(latest), ...patch }));
  const { data, isPlaceholderData, isError, refetch } = useVerificationHistory(filters, table);

  const highlighted = useMemo(
    () => new Set((params.get('highlight') ?? '').split(',').filter(Boolean)),
    [params],
  );
  const refLabel = ownRefLabel(claims);
  const individual = facts.isIndividual;

  // 2.2: arriving from an order with an invoice says so once; the id leaves the URL so a revisit does not repeat it.
  const toasted = useRef(false);
  useEffect(() => {
    const invoiceId = params.get('invoiceId');
    if (!invoiceId || toasted.current) return;
    toasted.current = true;
    notify(invoiceToast(invoiceId));
    updateParams(
      (latest) => {
        latest.delete('invoiceId');
        return latest;
      },
      { replace: true },
    );
  }, [params, updateParams, notify]);

  const columns: TableColumn<VerificationRow>[] = [
    // noWrap: rows with the 'New' and accreditation chips squeezed the date to '28 Nov / 2026'.
    { id: 'recorded', header: 'Date', cell: (r) => formatDate(r.recorded), noWrap: true },
    {
      id: 'name',
      header: 'Name',
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{personName(r.fields)}</span>
          {highlighted.has(r.id) && <Chip label="New" size="small" color="primary" variant="outlined" />}
        </Stack>
      ),
    },
    { id: 'institute', header: 'Institute / Organisation', cell: instituteColumn },
    ...(individual
      ? []
      : [
          {
            id: 'requestedBy',
            header: 'Requested By',
            cell: (r: VerificationRow) => r.username,
            hideOnPhone: true,
          },
        ]),
    {
      id: 'result',
      header: 'Status',
      cell: (r) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <ResultChip result={r.result} />
          {r.shared && <Chip label="Shared" size="small" variant="outlined" />}
          {accreditationBadge(r.accreditationStatus) && (
            <Chip
              label={accreditationBadge(r.accreditationStatus)}
              size="small"
              variant="outlined"
              color="secondary"
            />
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Typography variant="h5" component="h2">
          {individual ? 'Past verifications requested' : 'Past verifications requested by you and your team'}
        </Typography>
        {/* On a phone the search has a row of its own, so its placeholder (spec 2.10, with the account's reference
            label in it) is read whole rather than cut after 'QCID o'. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'flex-end', sm: 'center' } }}
        >
          <QuickSearchField
            value={filters.query}
            onCommit={(query) => patchFilters({ query })}
            placeholder={`Search by name, QCID or ${refLabel}`}
            width={{ md: 360, lg: 440 }}
          />
          <FiltersButton
            active={active}
            open={open}
            onToggle={() => setOpen((o) => !o)}
            controls="history-filters"
          />
        </Stack>
      </Stack>

      <Collapse in={open} unmountOnExit>
        <Card>
          <CardContent>
            <HistoryFiltersPanel
              id="history-filters"
              filters={filters}
              onChange={patchFilters}
              showRequestedBy={!individual}
              showDeleted={!!claims?.showDeleted}
              typeChoices={typeChoices(facts)}
              refLabel={refLabel}
            />
          </CardContent>
        </Card>
      </Collapse>

      {isError && !data ? (
        <LoadError onRetry={refetch}>The verification history could not be loaded.</LoadError>
      ) : (
        <Card>
          <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PaginatedTable
              label="Verification history"
              columns={columns}
              rows={data?.content}
              rowKey={(r) => r.id}
              total={data?.totalSize ?? 0}
              state={table}
              onChange={(next) => updateParams((latest) => withTableState(latest, next))}
              loading={isPlaceholderData}
              emptyText={active ? 'No verifications match these filters.' : 'No verifications yet.'}
              highlightRow={(r) => isHighlightedResult(r.result) || highlighted.has(r.id)}
              onRowClick={(r) =>
                void navigate(`/verification/history/${encodeURIComponent(r.id)}`, {
                  state: { from: `${location.pathname}${location.search}` },
                })
              }
            />
          </Box>
        </Card>
      )}
      <PendingVerificationsModal rows={data?.content} results={filters.results} />
    </Stack>
  );
}
