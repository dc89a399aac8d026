import { isInstituteOrParent } from '@credence/domain';
import { Box, Card, CardContent, Collapse, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ResolverList, ResolverRow } from '@/features/pending/api/pending';
import { ResolverFiltersPanel } from '@/features/pending/components/ResolverFiltersPanel';
import { useResolverList } from '@/features/pending/hooks/useResolverList';
import {
  activeResolverFilterCount,
  resolverFiltersFromParams,
  withResolverFilters,
  type ResolverFilters,
} from '@/features/pending/resolverFilters';
import { useSearchParamsState } from '@/shared/routing/useSearchParamsState';
import { FiltersButton, QuickSearchField } from '@/features/verifications/components/ListSearchControls';
import { tableStateFromParams, withTableState } from '@/features/verifications/historyFilters';
import { personName } from '@/features/verifications/presentation';
import { formatDate } from '@/shared/ui/format';
import { ResultChip } from '@/shared/ui/result';
import { PaginatedTable, type TableColumn } from '@/shared/ui/table';
import { useAccountFacts } from '@/shared/session/account';
import { LoadError } from '@/shared/ui/feedback';

const TITLES: Record<ResolverList, { heading: string; table: string }> = {
  pending: { heading: 'Verifications to be resolved by you and your team', table: 'Pending Verifications' },
  resolved: {
    heading: 'Verifications previously resolved by you and your team',
    table: 'Resolved Verifications',
  },
};

/** 2.11 Verifying Organisation: the enquiring company, else the institute. */
const verifyingOrganisation = (r: ResolverRow) => r.company?.name || r.instituteName || '';

/**
 * Pending Verifications and Resolved Verifications (verifications 2.11) for institute and parent accounts: the
 * quick search, the Filters panel with its active count, the columns Date, Name, Institute, Verifying
 * Organisation and Status. A row opens the resolve page, or the resolved verification read only.
 */
function ResolverListScreen({ list }: { list: ResolverList }) {
  const [params, updateParams] = useSearchParamsState();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = useMemo(() => resolverFiltersFromParams(params), [params]);
  const table = useMemo(() => tableStateFromParams(params), [params]);
  const active = activeResolverFilterCount(filters);
  const [open, setOpen] = useState(false);
  /** A change of some filters, over the newest ones asked for (two quick changes both hold). */
  const patchFilters = (patch: Partial<ResolverFilters>) =>
    updateParams((latest) => withResolverFilters(latest, { ...resolverFiltersFromParams(latest), ...patch }));
  const { data, isPlaceholderData, isError, refetch } = useResolverList(list, filters, table);
  const panelId = `${list}-filters`;

  const columns: TableColumn<ResolverRow>[] = [
    { id: 'recorded', header: 'Date', cell: (r) => formatDate(r.recorded), noWrap: true },
    { id: 'name', header: 'Name', cell: (r) => personName(r.fields) },
    { id: 'institute', header: 'Institute', cell: (r) => r.instituteName ?? '' },
    { id: 'organisation', header: 'Verifying Organisation', cell: verifyingOrganisation },
    { id: 'result', header: 'Status', cell: (r) => <ResultChip result={r.result} list={list} /> },
  ];

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Typography variant="h5" component="h2">
          {TITLES[list].heading}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'flex-end', sm: 'center' } }}
        >
          <QuickSearchField
            value={filters.query}
            onCommit={(query) => patchFilters({ query })}
            placeholder="Search by name or QCID"
            width={{ md: 280 }}
          />
          <FiltersButton active={active} open={open} onToggle={() => setOpen((o) => !o)} controls={panelId} />
        </Stack>
      </Stack>

      <Collapse in={open} unmountOnExit>
        <Card>
          <CardContent>
            <ResolverFiltersPanel
              id={panelId}
              filters={filters}
              onChange={patchFilters}
              withResults={list === 'resolved'}
            />
          </CardContent>
        </Card>
      </Collapse>

      {isError && !data ? (
        <LoadError onRetry={refetch}>
          {list === 'pending'
            ? 'The pending verifications could not be loaded.'
            : 'The resolved verifications could not be loaded.'}
        </LoadError>
      ) : (
        <Card>
          <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PaginatedTable
              label={TITLES[list].table}
              columns={columns}
              rows={data?.content}
              rowKey={(r) => r.id}
              total={data?.totalSize ?? 0}
              state={table}
              onChange={(next) => updateParams((latest) => withTableState(latest, next))}
              loading={isPlaceholderData}
              emptyText={
                active
                  ? 'No verifications match these filters.'
                  : list === 'pending'
                    ? 'No verifications are waiting to be resolved.'
                    : 'No verifications resolved yet.'
              }
              onRowClick={(r) =>
                void navigate(`/verification/${list}/${encodeURIComponent(r.id)}`, {
                  state: { from: `${location.pathname}${location.search}` },
                })
              }
            />
          </Box>
        </Card>
      )}
    </Stack>
  );
}

/**
 * The lists are for institute and parent accounts (access 6.2). Anyone else who opens one (a link, the address bar)
 * goes home, as access 2.2 sends a user without analytics from /analytics: the API refuses them the list, and the
 * screen showed an error toast over 'could not be loaded'.
 */
function ForResolvers({ list }: { list: ResolverList }) {
  const facts = useAccountFacts();
  if (!isInstituteOrParent(facts.paymentType)) return <Navigate to="/" replace />;
  return <ResolverListScreen list={list} />;
}

/** /verification/pending. */
export function PendingVerificationsScreen() {
  return <ForResolvers list="pending" />;
}

/** /verification/resolved. */
export function ResolvedVerificationsScreen() {
  return <ForResolvers list="resolved" />;
}
