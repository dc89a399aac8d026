import { Autocomplete, Box, Button, Card, CardContent, IconButton, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { InstituteSummary } from '@/features/ordering/api/ordering';
import { useCountries, useInstituteSearch } from '@/features/ordering/hooks/useInstitutes';
import { RequestInstituteDialog } from '@/features/ordering/components/RequestInstituteDialog';
import { priceModeOf, SUPPORT_EMAIL } from '@/features/ordering/wizard/pricing';
import { useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { formatCredits, formatMajorAmount } from '@/shared/ui/format';
import { DEFAULT_MAP_KIND, MAP_KINDS, regionOf, valuesOf } from '@/features/coverage/components/mapKinds';
import { useRegionMeta } from '@/features/coverage/hooks/useRegionMeta';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';
import { MapControls, WorldMap, type MapRegion } from '@/shared/ui/charts';
import { PaginatedTable, type TableColumn, type TableState } from '@/shared/ui/table';

const PAGE_SIZE = 20;
const ALL = { id: '', name: 'All' };

const namesOf = (row: InstituteSummary) => (row.names.length ? row.names.map((n) => n.name) : [row.name]);
/** Figures come rounded to 2 decimals (money 9); the institutes map's first break is 0.001. */
const formatFigure = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * Coverage (money-and-insights.md 2.17; /verification/coverage[/{initRegion}]): the institute search with a world map.
 * The region buttons and a click on a country choose the map's region (and narrow the search to it); the map kinds
 * colour the countries by the figures of GET /region/meta. Choosing an institute opens the wizard with one
 * education verification for it (/verification/new?institute={id}, verifications 2.2).
 */
export function CoverageScreen() {
  const { initRegion } = useParams();
  const navigate = useNavigate();
  const facts = useAccountFacts();
  const { claims } = useSession();
  const priceMode = priceModeOf(facts);
  const currency = claims?.currency ?? 'GBP';
  const individual = !!claims?.isIndividual;
  const [requesting, setRequesting] = useState(false);
  const [region, setRegion] = useState<MapRegion>(() => regionOf(initRegion));
  const [kindLabel, setKindLabel] = useState(DEFAULT_MAP_KIND);
  const [name, setName] = useState('');
  const [country, setCountry] = useState<{ id: string; name: string }>(ALL);
  const [table, setTable] = useState<TableState>({ page: 0, perPage: PAGE_SIZE });
  const text = useDebouncedValue(name.trim(), 500);
  const meta = useRegionMeta();
  const countries = useCountries();
  const kind = MAP_KINDS.find((k) => k.label === kindLabel) ?? MAP_KINDS[0];
  const regionId = country.id || (region === 'world' ? undefined : region);
  const search = useInstituteSearch({ page: table.page, size: table.perPage, name: text || undefined, regionId });
  const firstPage = () => setTable((t) => ({ ...t, page: 0 }));

  const choose = (row: InstituteSummary) => navigate(`/verification/new?institute=${encodeURIComponent(row.id)}`);
  const chooseRegion = (next: MapRegion) => {
    setRegion(next);
    setCountry(ALL);
    firstPage();
  };

  const columns: TableColumn<InstituteSummary>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (r) =>
        r.readOnly ? (
          namesOf(r).join(' / ')
        ) : (
          <Link component="button" type="button" onClick={() => choose(r)} sx={{ textAlign: 'left' }}>
            {namesOf(r).join(' / ')}
          </Link>
        ),
    },
    { id: 'country', header: 'Country', cell: (r) => r.region?.name ?? '' },
    // The prices the caller may see (money 2.8), as in the wizard's institute search.
    ...(priceMode === 'prices'
      ? [
          { id: 'price', header: 'Our Price', cell: (r: InstituteSummary) => formatMajorAmount(r.product.price ?? 0, currency), align: 'right' as const },
          { id: 'surcharge', header: 'Institute Surcharge', cell: (r: InstituteSummary) => formatMajorAmount(r.surcharge ?? 0, currency), align: 'right' as const },
          { id: 'total', header: 'Total', cell: (r: InstituteSummary) => formatMajorAmount(r.totalPrice ?? 0, currency), align: 'right' as const },
        ]
      : priceMode === 'credits'
        ? [{ id: 'credits', header: 'Credits', cell: (r: InstituteSummary) => formatCredits(r.credits ?? 1), align: 'right' as const }]
        : []),
  ];

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <MapControls
              id="coverage-map-kind"
              region={region}
              onRegion={chooseRegion}
              maps={MAP_KINDS.map((k) => k.label)}
              map={kind.label}
              onMap={setKindLabel}
              minWidth={300}
            />
            <WorldMap
              title={kind.label}
              values={valuesOf(kind, meta.data?.countries)}
              breakpoints={kind.breakpoints}
              palette={kind.palette}
              legend={kind.legend}
              formatValue={formatFigure}
              region={region}
              onSelectCountry={(c) => {
                if (c.region) setRegion(c.region as MapRegion);
                setCountry(kind.filtersSearch ? { id: c.alpha2, name: c.name } : ALL);
                firstPage();
              }}
            />
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                id="coverage-name"
                label="Institute name"
                placeholder="Start typing to search..."
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  firstPage();
                }}
                sx={{ flex: '2 1 240px' }}
                size="small"
              />
              <Autocomplete
                id="coverage-country"
                options={[ALL, ...(countries.data?.content ?? [])]}
                value={country}
                onChange={(_e, next) => {
                  setCountry(next ?? ALL);
                  firstPage();
                }}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => <TextField {...params} label="Country" size="small" />}
                sx={{ flex: '1 1 200px' }}
              />
              <Tooltip title="Clear filters">
                <IconButton
                  aria-label="Clear filters"
                  onClick={() => {
                    setName('');
                    chooseRegion('world');
                  }}
                >
                  <FilterAltOffIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <PaginatedTable
              label="Institutes"
              columns={columns}
              rows={search.data?.content}
              rowKey={(r) => r.id}
              total={search.data?.totalSize ?? 0}
              state={table}
              onChange={setTable}
              loading={search.isPlaceholderData}
              emptyText="No institutes match your search."
              perPageOptions={[PAGE_SIZE]}
            />
            {search.isSuccess && search.data.totalSize === 0 && (
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
          </Stack>
        </CardContent>
      </Card>
      {requesting && <RequestInstituteDialog onClose={() => setRequesting(false)} initialName={name} />}
    </Stack>
  );
}
