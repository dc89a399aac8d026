import {
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { canUseCountryInsights } from '@credence/domain';
import { Fragment, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useRegionMeta } from '@/features/coverage/hooks/useRegionMeta';
import { CountryDetailPanel } from '@/features/country-insights/components/CountryDetailPanel';
import {
  countryRows,
  formatDestinations,
  formatRate,
  formatTurnaround,
  NO_MATCH,
  PER_PAGE,
  searchRows,
  sortRows,
  type CountryRow,
} from '@/features/country-insights/components/rows';
import { useCountryFigures } from '@/features/country-insights/hooks/useCountryInsights';
import { useAccountFacts } from '@/shared/session/account';
import { LoadError } from '@/shared/ui/feedback';
import {
  FEW_TO_MANY,
  GOOD_TO_BAD,
  INSTITUTE_BREAKPOINTS,
  INSTITUTE_LEGEND,
  MapControls,
  WorldMap,
  type MapRegion,
} from '@/shared/ui/charts';
import { Pager } from '@/shared/ui/table/Pager';
import { showingCountries } from '@/shared/ui/table';

/** The 'Select a map' choices of money 2.18 with the breakpoints of money 9; -1 is left off, institutes only drop non-numbers. */
const MAPS = [
  {
    label: 'Annual Average Verification Times',
    breakpoints: [0, 0.1, 12, 19, 20],
    palette: GOOD_TO_BAD,
    value: (r: CountryRow) => (r.turnaround === -1 ? null : r.turnaround),
  },
  {
    label: 'Fraudulent Verifications',
    breakpoints: [0, 5, 9, 10],
    palette: GOOD_TO_BAD,
    value: (r: CountryRow) => (r.rateFake === -1 ? null : r.rateFake),
  },
  {
    label: 'Current Number of Institutions',
    breakpoints: INSTITUTE_BREAKPOINTS,
    legend: INSTITUTE_LEGEND,
    palette: FEW_TO_MANY,
    value: (r: CountryRow) => r.instituteNumbers,
  },
] as const;

type ViewMode = 'map' | 'table';

/**
 * Columns left out below md: on a phone the six columns scrolled sideways, the country's name out of sight. The
 * expanded row shows what they hold there (Current Number of Institutions always, the destinations on a phone only).
 */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * Country Insights (money-and-insights.md 2.18; /countryinfo): non-individuals with hasCountryAccess, others land on
 * /countryinfoprompt. Map View and Table View; the table searches, sorts by country, shows 15 a page and expands a row
 * into its details. Selecting a country on the map searches for it and expands its row. The map metric is the page's
 * own state, so leaving the page resets it.
 */
export function CountryInsightsScreen() {
  const facts = useAccountFacts();
  if (!canUseCountryInsights(facts)) return <Navigate to="/countryinfoprompt" replace />;
  return <CountryInsights />;
}

function CountryInsights() {
  const meta = useRegionMeta();
  const figures = useCountryFigures();
  const rows = useMemo(() => countryRows(meta.data?.countries, figures.data), [meta.data, figures.data]);
  const [mode, setMode] = useState<ViewMode>('table');
  const [search, setSearch] = useState('');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [mapLabel, setMapLabel] = useState<string>(MAPS[0].label);
  const [region, setRegion] = useState<MapRegion>('world');
  const map = MAPS.find((m) => m.label === mapLabel) ?? MAPS[0];

  // The countries (GET /region/meta) or their figures could not be loaded: said so, with Try again. The table's
  // empty row said 'No countries match your search' and every figure read n/a, as if there were nothing to show.
  const failed = (meta.isError && !meta.data) || (figures.isError && !figures.data);
  const retry = () => {
    if (meta.isError) void meta.refetch();
    if (figures.isError) void figures.refetch();
  };

  const matching = sortRows(searchRows(rows, search), direction);
  const invalid = search.trim() !== '' && matching.length === 0;
  const shown = matching.slice(page * PER_PAGE, (page + 1) * PER_PAGE);

  const selectCountry = (name: string, id: string) => {
    setSearch(name);
    setPage(0);
    setExpanded(id);
    setMode('table');
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        spacing={1}
      >
        <Typography variant="h2" component="h2">
          Country Insights
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_e, v: ViewMode | null) => v && setMode(v)}
          aria-label="View"
        >
          <ToggleButton value="map">Map View</ToggleButton>
          <ToggleButton value="table">Table View</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {failed && <LoadError onRetry={retry}>Country Insights could not be loaded.</LoadError>}
      {mode === 'map' ? (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <MapControls
                id="country-map"
                region={region}
                onRegion={setRegion}
                maps={MAPS.map((m) => m.label)}
                map={map.label}
                onMap={setMapLabel}
                minWidth={280}
              />
              <WorldMap
                title={map.label}
                values={Object.fromEntries(rows.map((r) => [r.id, map.value(r)]))}
                breakpoints={map.breakpoints}
                palette={map.palette}
                legend={'legend' in map ? map.legend : undefined}
                formatValue={(v) => String(Math.round(v * 100) / 100)}
                region={region}
                onSelectCountry={(c) => {
                  const row = rows.find((r) => r.id === c.alpha2);
                  selectCountry(row?.name ?? c.name, row?.id ?? c.alpha2);
                }}
              />
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <TextField
                id="country-search"
                label="Search"
                size="small"
                value={search}
                error={invalid}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(0);
                }}
                sx={{ maxWidth: 360 }}
              />
              {/* Relative: the charts' screen-reader tables (absolutely placed) stay inside the scrolling box, not past the page. */}
              <Box
                sx={{ overflowX: 'auto', position: 'relative' }}
                tabIndex={0}
                role="region"
                aria-label="Countries table"
              >
                <Table
                  size="small"
                  aria-label="Countries"
                  sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: { xs: 34, md: 48 } }}>
                        <Box
                          component="span"
                          sx={{
                            position: 'absolute',
                            width: 1,
                            height: 1,
                            overflow: 'hidden',
                            clip: 'rect(0 0 0 0)',
                          }}
                        >
                          Details
                        </Box>
                      </TableCell>
                      <TableCell aria-sort={direction === 'asc' ? 'ascending' : 'descending'}>
                        <TableSortLabel
                          active
                          direction={direction}
                          onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
                        >
                          Country
                        </TableSortLabel>
                      </TableCell>
                      <TableCell>Avg. Verification Time</TableCell>
                      <TableCell>Fraudulent Verifications</TableCell>
                      <TableCell sx={WIDE_ONLY}>Current Number of Institutions</TableCell>
                      <TableCell sx={WIDE_ONLY}>Top Incoming Destinations</TableCell>
                      <TableCell sx={WIDE_ONLY}>Top Outgoing Destinations</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.length === 0 && !(meta.isError && !meta.data) && (
                      <TableRow>
                        <TableCell colSpan={7}>{meta.isLoading ? 'Loading…' : NO_MATCH}</TableCell>
                      </TableRow>
                    )}
                    {shown.map((r) => {
                      const open = expanded === r.id;
                      return (
                        <Fragment key={r.id}>
                          <TableRow hover data-country={r.id}>
                            <TableCell>
                              <IconButton
                                size="small"
                                aria-expanded={open}
                                aria-controls={`country-${r.id}`}
                                aria-label={`${open ? 'Collapse' : 'Expand'} ${r.name}`}
                                onClick={() => setExpanded(open ? null : r.id)}
                              >
                                {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                              </IconButton>
                            </TableCell>
                            <TableCell component="th" scope="row">
                              {r.name}
                            </TableCell>
                            <TableCell>{formatTurnaround(r.turnaround)}</TableCell>
                            <TableCell>{formatRate(r.rateFake)}</TableCell>
                            <TableCell sx={WIDE_ONLY}>{r.instituteNumbers}</TableCell>
                            <TableCell sx={{ ...WIDE_ONLY, minWidth: 180 }}>
                              {formatDestinations(r.incoming)}
                            </TableCell>
                            <TableCell sx={{ ...WIDE_ONLY, minWidth: 180 }}>
                              {formatDestinations(r.outgoing)}
                            </TableCell>
                          </TableRow>
                          {open && (
                            <TableRow id={`country-${r.id}`}>
                              <TableCell colSpan={7} sx={{ whiteSpace: 'normal' }}>
                                {/*
                                 * Below md the details keep to the card's width (the page's and card's padding, and
                                 * the cell's 8 px a side, taken off the screen's), so they do not widen the table
                                 * into sideways scrolling; where the wide table scrolls, they stay at its left edge.
                                 */}
                                <Box
                                  sx={{
                                    position: 'sticky',
                                    left: 0,
                                    maxWidth: {
                                      xs: 'calc(100vw - 80px)',
                                      sm: 'calc(100vw - 96px)',
                                      md: 'none',
                                    },
                                  }}
                                >
                                  <CountryDetailPanel row={r} figures={figures.data} />
                                </Box>
                              </TableCell>
                            </TableRow>
                          )}
                        </Fragment>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
              <Pager
                label="Countries"
                page={page}
                perPage={PER_PAGE}
                total={matching.length}
                perPageOptions={[PER_PAGE]}
                summary={showingCountries}
                onPage={setPage}
                onPerPage={() => undefined}
              />
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
