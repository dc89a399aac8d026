import { Alert, Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InstituteSummary } from '@/features/ordering/api/ordering';
import { instituteBodyQuery, useCountries, useInstituteSearch, usePreviousInstitutes } from '@/features/ordering/hooks/useInstitutes';
import { RequestInstituteDialog } from '@/features/ordering/components/RequestInstituteDialog';
import { SUPPORT_EMAIL, type PriceMode } from '@/features/ordering/wizard/pricing';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';
import { PaginatedTable, type TableColumn, type TableState } from '@/shared/ui/table';
import { formatCredits, formatMajorAmount } from '@/shared/ui/format';

const PAGE_SIZE = 20;
const ALL = { id: '', name: 'All' };

interface Props {
  /** Names the search and its fields apart when several entries search at once. */
  idPrefix: string;
  individual: boolean;
  priceMode: PriceMode;
  currency: string;
  onSelect: (institute: Pick<InstituteSummary, 'id' | 'readOnly'>) => void;
  onCancel?: () => void;
  /** Rows a page: the wizard's 20 (verifications 9) by default; fewer where the search shares a page (dashboard). */
  pageSize?: number;
}

const namesOf = (row: InstituteSummary) => (row.names.length ? row.names.map((n) => n.name) : [row.name]);

/** Institute Search (verifications 2.3): by name and country, prices or credits per money 2.8, select by name. */
export function InstituteSearch({ idPrefix, individual, priceMode, currency, onSelect, onCancel, pageSize = PAGE_SIZE }: Props) {
  const [name, setName] = useState('');
  const [country, setCountry] = useState<{ id: string; name: string }>(ALL);
  const [table, setTable] = useState<TableState>({ page: 0, perPage: pageSize });
  const [readOnly, setReadOnly] = useState<InstituteSummary | null>(null);
  const [requesting, setRequesting] = useState(false);
  const text = useDebouncedValue(name.trim(), 500);
  const countries = useCountries();
  const previous = usePreviousInstitutes();
  const [map, setMap] = useState(false);
  const search = useInstituteSearch({ page: table.page, size: table.perPage, name: text || undefined, regionId: country.id || undefined });
  const rows = search.data?.content;

  const choose = (row: InstituteSummary) => (row.readOnly ? setReadOnly(row) : onSelect(row));
  const columns: TableColumn<InstituteSummary>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (r) => (
        <Link component="button" type="button" onClick={() => choose(r)} sx={{ textAlign: 'left' }}>
          {namesOf(r).join(' / ')}
        </Link>
      ),
    },
    { id: 'country', header: 'Country', cell: (r) => r.region?.name ?? '' },
    ...(priceMode === 'prices'
      ? [
          { id: 'price', header: 'Our Price', cell: (r: InstituteSummary) => formatMajorAmount(r.product.price ?? 0, currency), align: 'right' as const },
          { id: 'surcharge', header: 'Institute Surcharge', cell: (r: InstituteSummary) => formatMajorAmount(r.surcharge ?? 0, currency), align: 'right' as const },
          { id: 'total', header: 'Total', cell: (r: InstituteSummary) => formatMajorAmount(r.totalPrice ?? 0, currency), align: 'right' as const },
        ]
      : priceMode === 'credits'
        ? [{ id: 'credits', header: 'Credits', cell: (r: InstituteSummary) => formatCredits(r.credits ?? 1), align: 'right' as const }]
        : []),
    ...(rows?.length === 1
      ? [{ id: 'select', header: 'Select', cell: (r: InstituteSummary) => <Button size="small" variant="outlined" onClick={() => choose(r)}>Select</Button> }]
      : []),
  ];

  const empty = search.isSuccess && search.data.totalSize === 0;
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="h6">
        Institute Search
      </Typography>
      <Typography>
        {individual ? 'Select an institute to verify where you studied at:' : 'Select an institute to verify where an individual studied at:'}
      </Typography>
      {(previous.data?.length ?? 0) > 0 && (
        <Autocomplete
          id={`${idPrefix}-previous`}
          options={previous.data ?? []}
          value={null}
          onChange={(_e, next) => next && onSelect({ id: next.id, readOnly: false })}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Use a previous institute?" size="small" />}
          sx={{ maxWidth: 480 }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          id={`${idPrefix}-name`}
          label="Institute name"
          placeholder="Start typing to search..."
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setTable((t) => ({ ...t, page: 0 }));
          }}
          sx={{ flex: '2 1 240px' }}
          size="small"
        />
        <Autocomplete
          id={`${idPrefix}-country`}
          options={[ALL, ...(countries.data?.content ?? [])]}
          value={country}
          onChange={(_e, next) => {
            setCountry(next ?? ALL);
            setTable((t) => ({ ...t, page: 0 }));
          }}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Country" size="small" />}
          sx={{ flex: '1 1 200px' }}
        />
        <Button variant={map ? 'contained' : 'outlined'} size="small" aria-pressed={map} onClick={() => setMap((m) => !m)}>
          Map
        </Button>
        <Tooltip title="Clear filters">
          <IconButton
            aria-label="Clear filters"
            onClick={() => {
              setName('');
              setCountry(ALL);
              setTable((t) => ({ ...t, page: 0 }));
            }}
          >
            <FilterAltOffIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {map && <Typography role="status">Map search disabled for now.</Typography>}
      <PaginatedTable
        label="Institutes"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        total={search.data?.totalSize ?? 0}
        state={table}
        onChange={setTable}
        loading={search.isPlaceholderData}
        emptyText="No institutes match your search."
        perPageOptions={[pageSize]}
      />
      {empty && (
        <Stack spacing={1} role="status">
          <Typography>Try searching by a key word of the institute&apos;s name, and filter by country.</Typography>
          {individual ? (
            <Typography>
              If you cannot find your institute, please e-mail <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
            </Typography>
          ) : (
            <Box>
              <Button variant="outlined" onClick={() => setRequesting(true)}>
                Request a new institute
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {onCancel && (
        <Box>
          <Button onClick={onCancel}>Cancel</Button>
        </Box>
      )}
      <Dialog open={!!readOnly} onClose={() => setReadOnly(null)} aria-labelledby={`${idPrefix}-readonly-title`}>
        <DialogTitle id={`${idPrefix}-readonly-title`}>{readOnly ? namesOf(readOnly)[0] : ''}</DialogTitle>
        <DialogContent>
          <Typography>Unfortunately Credence cannot process verification requests for this institute.</Typography>
          {readOnly && <ReadOnlyNotices id={readOnly.id} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReadOnly(null)} variant="contained">
            Ok
          </Button>
        </DialogActions>
      </Dialog>
      {requesting && <RequestInstituteDialog onClose={() => setRequesting(false)} initialName={name} />}
    </Stack>
  );
}

/** 2.3: the read-only institute's and its region's READONLY_INFO notices, read when its modal opens (none: nothing). */
function ReadOnlyNotices({ id }: { id: string }) {
  const body = useQuery(instituteBodyQuery(id));
  const notices = [...(body.data?.notices ?? []), ...(body.data?.region?.notices ?? [])].filter((n) => n.type === 'READONLY_INFO');
  if (!notices.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {notices.map((n, i) => (
        <Alert key={i} severity="info">
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
