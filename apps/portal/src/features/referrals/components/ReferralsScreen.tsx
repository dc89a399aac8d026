import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Referral, ReferralHistoryRow } from '@/features/referrals/api/referrals';
import { referralPricing, referralTypeName } from '@/features/referrals/components/referralPresentation';
import { useReferralHistory, useReferrals } from '@/features/referrals/hooks/useReferrals';
import { DateRangeFilter } from '@/features/verifications/components/DateRangeFilter';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { instituteColumn, personName } from '@/features/verifications/presentation';
import { useAccountFacts } from '@/shared/session/account';
import { formatDate } from '@/shared/ui/format';
import { DEFAULT_PER_PAGE, PaginatedTable, type TableColumn, type TableState } from '@/shared/ui/table';
import { LoadError } from '@/shared/ui/feedback';

interface HistoryFilters {
  query: string;
  organisation: string;
  fromDate: string;
  toDate: string;
}
const NO_FILTERS: HistoryFilters = { query: '', organisation: '', fromDate: '', toDate: '' };

/**
 * Referrals (/referrals/list, verifications 2.14): the organisations registered after a referral from the
 * caller's organisation, and the verifications they requested, with their price. A row opens the verification.
 */
export function ReferralsScreen() {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2">
        Referrals
      </Typography>
      <ReferralHistoryCard />
      <ReferralListCard />
    </Stack>
  );
}

function ReferralHistoryCard() {
  const facts = useAccountFacts();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [table, setTable] = useState<TableState>({ page: 0, perPage: DEFAULT_PER_PAGE });
  const { data, isPlaceholderData, isError, refetch } = useReferralHistory({
    page: table.page,
    size: table.perPage,
    query: filters.query || undefined,
    organisation: filters.organisation || undefined,
    fromDate: filters.fromDate || undefined,
    toDate: filters.toDate || undefined,
  });
  // The Requested By picker's options: every referral (verifications 9: referral list size 10000).
  const options = useReferrals({ page: 0, size: 10000 }).data?.content ?? [];
  const set = (patch: Partial<HistoryFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setTable((t) => ({ ...t, page: 0 }));
  };
  const active = Object.values(filters).some(Boolean);

  const columns: TableColumn<ReferralHistoryRow>[] = [
    { id: 'recorded', header: 'Date', cell: (r) => formatDate(r.recorded), noWrap: true },
    { id: 'name', header: 'Name', cell: (r) => personName(r.fields) },
    { id: 'institute', header: 'Institute / Organisation', cell: instituteColumn },
    ...(facts.isIndividual
      ? []
      : [{ id: 'requestedBy', header: 'Requested By', cell: (r: ReferralHistoryRow) => r.company.name }]),
    { id: 'total', header: 'Pricing', cell: (r) => referralPricing(r.total, r.currency), align: 'right' },
  ];

  return (
    <Card component="section" aria-labelledby="referral-history-title">
      <CardContent>
        <Typography id="referral-history-title" component="h3" variant="h6" sx={{ mb: 2 }}>
          Past verifications requested by your referrals
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: facts.isIndividual ? '1fr 1fr' : '1fr 1fr 1fr' },
            mb: 2.5,
          }}
        >
          <DebouncedTextField
            id="referral-filter-name"
            label="Name or QCID"
            size="small"
            value={filters.query}
            onCommit={(query) => set({ query })}
            helperText="Search by first, last or full name, or by QCID."
          />
          {!facts.isIndividual && (
            <TextField
              id="referral-filter-requested-by"
              select
              size="small"
              label="Requested By"
              value={filters.organisation}
              onChange={(e) => set({ organisation: e.target.value })}
              helperText="Show only verifications requested by this organisation."
            >
              <MenuItem value="">All</MenuItem>
              {options.map((o: Referral) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DateRangeFilter
            id="referral-filter"
            fromDate={filters.fromDate}
            toDate={filters.toDate}
            onChange={set}
            shortcuts={false}
          />
        </Box>
        {active && (
          <Button sx={{ mb: 1 }} onClick={() => set(NO_FILTERS)}>
            Clear All
          </Button>
        )}
        {isError && !data ? (
          <LoadError onRetry={refetch}>The referral history could not be loaded.</LoadError>
        ) : (
          <PaginatedTable
            label="Referral history"
            columns={columns}
            rows={data?.content}
            rowKey={(r) => r.id}
            total={data?.totalSize ?? 0}
            state={table}
            onChange={setTable}
            loading={isPlaceholderData}
            emptyText={
              active
                ? 'No verifications match these filters.'
                : 'No verifications requested by your referrals yet.'
            }
            onRowClick={(r) => void navigate(`/verification/history/${encodeURIComponent(r.id)}`)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ReferralListCard() {
  const [table, setTable] = useState<TableState>({ page: 0, perPage: DEFAULT_PER_PAGE });
  const { data, isPlaceholderData, isError } = useReferrals({ page: table.page, size: table.perPage });
  const columns: TableColumn<Referral>[] = [
    { id: 'name', header: 'Name', cell: (r) => r.name },
    { id: 'type', header: 'Type', cell: (r) => referralTypeName(r.type) },
  ];
  return (
    <Card component="section" aria-labelledby="referral-list-title">
      <CardContent>
        <Typography id="referral-list-title" component="h3" variant="h6">
          Referrals
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Organisations registered with the product after referral from your organisation.
        </Typography>
        {isError && !data ? (
          <Alert severity="error">The referrals could not be loaded.</Alert>
        ) : (
          <PaginatedTable
            label="Referrals"
            columns={columns}
            rows={data?.content}
            rowKey={(r) => r.id}
            total={data?.totalSize ?? 0}
            state={table}
            onChange={setTable}
            loading={isPlaceholderData}
            emptyText="No organisations have registered after a referral from your organisation yet."
          />
        )}
      </CardContent>
    </Card>
  );
}
