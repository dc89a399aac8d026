import {
  Alert,
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { CountryInsightsView, YearValueView } from '@credence/api-contract';
import { useCountryDetail } from '@/features/country-insights/hooks/useCountryInsights';
import {
  celebratingText,
  formatRate,
  formatTurnaround,
  type CountryRow,
} from '@/features/country-insights/components/rows';
import { BarChart, LineChart } from '@/shared/ui/charts';
import { formatDayMonth } from '@/shared/ui/format';
import { Pager } from '@/shared/ui/table/Pager';

/** Public holidays: 10 a page (money 9). */
const HOLIDAYS_PER_PAGE = 10;
const NOT_ENOUGH = 'Not enough current data available';
const GDP = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const RATE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** A Macro-Level line chart: one point a year, oldest first; no points show the spec's empty state. */
function YearChart({
  title,
  label,
  points,
  format,
}: {
  title: string;
  label: string;
  points: YearValueView[];
  format: (v: number) => string;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <LineChart
        title={title}
        categoryLabel="Year"
        categories={points.map((p) => String(p.year))}
        series={[{ label, data: points.map((p) => p.value) }]}
        valueFormatter={format}
        emptyText={NOT_ENOUGH}
        height={160}
      />
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * A country's expanded row (money 2.18): the public-holiday alert, Capital, Population, Languages, Current Number of
 * Institutions, Verification Information with the global averages, Student Mobility charts (no openly licensed
 * series ships with the product, so they show 'Not enough current data available'), the Macro-Level charts from the
 * World Bank extract the API ships (empty where it has nothing for the country), the Public Holidays table and where
 * the figures come from. Active country notifications staff wrote come first.
 */
export function CountryDetailPanel({
  row,
  figures,
}: {
  row: CountryRow;
  figures: CountryInsightsView | undefined;
}) {
  const { data, isLoading } = useCountryDetail(row.id);
  const [page, setPage] = useState(0);
  if (isLoading) return <Typography color="text.secondary">Loading…</Typography>;
  if (!data) return null;
  const alert = celebratingText(data.name, data.celebrating);
  const holidays = data.holidays.slice(page * HOLIDAYS_PER_PAGE, (page + 1) * HOLIDAYS_PER_PAGE);
  return (
    <Stack spacing={2.5} sx={{ py: 1 }}>
      {data.notifications.map((n) => (
        <Alert key={n.id} severity="info">
          {n.message}
          {n.link && (
            <>
              {' '}
              <Link href={n.link} target="_blank" rel="noopener noreferrer">
                {n.link}
              </Link>
            </>
          )}
        </Alert>
      ))}
      {alert && <Alert severity="warning">{alert}</Alert>}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Fact label="Capital" value={data.capital || 'n/a'} />
        <Fact
          label="Population"
          value={data.population === null ? 'n/a' : data.population.toLocaleString('en-GB')}
        />
        <Fact label="Languages" value={data.languages || 'n/a'} />
        <Fact label="Current Number of Institutions" value={String(row.instituteNumbers)} />
      </Box>
      <Box>
        <Typography variant="h5" component="h4" sx={{ mb: 1 }}>
          Verification Information
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Fact
            label="Average Verification Time"
            value={`${formatTurnaround(row.turnaround)} (global average ${formatTurnaround(figures?.averageDays ?? -1)})`}
          />
          <Fact
            label="Fraudulent Verifications"
            value={`${formatRate(row.rateFake)} (global average ${formatRate(figures?.fraudPercent ?? -1)})`}
          />
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box>
          <Typography variant="h5" component="h4">
            Student Mobility
          </Typography>
          <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
            Inbound students 2021
          </Typography>
          <BarChart
            title={`Inbound students 2021, ${data.name}`}
            categories={[]}
            series={[{ label: 'Inbound', data: [] }]}
            emptyText={NOT_ENOUGH}
            height={160}
          />
          <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
            Outbound students 2021
          </Typography>
          <BarChart
            title={`Outbound students 2021, ${data.name}`}
            categories={[]}
            series={[{ label: 'Outbound', data: [] }]}
            emptyText={NOT_ENOUGH}
            height={160}
          />
        </Box>
        <Box>
          <Typography variant="h5" component="h4">
            Macro-Level
          </Typography>
          <YearChart
            title="Net migration per 1000 population"
            label="Net migration"
            points={data.macro.netMigrationPer1000}
            format={(v) => RATE.format(v)}
          />
          <YearChart
            title="GDP per capita ($)"
            label="GDP per capita"
            points={data.macro.gdpPerCapita}
            format={(v) => GDP.format(v)}
          />
        </Box>
      </Box>
      <Box>
        <Typography variant="h5" component="h4" sx={{ mb: 1 }}>
          Public Holidays
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Public Holidays, ${data.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Holiday</TableCell>
                <TableCell>Beginning</TableCell>
                <TableCell>Ending</TableCell>
                <TableCell>Regions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {holidays.map((h) => (
                <TableRow key={`${h.date}-${h.event}`}>
                  <TableCell>{h.event}</TableCell>
                  <TableCell>{formatDayMonth(h.date)}</TableCell>
                  <TableCell>{formatDayMonth(h.endDate ?? h.date)}</TableCell>
                  <TableCell>{h.regions.length ? h.regions.join(', ') : 'All Regions'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {data.holidays.length > HOLIDAYS_PER_PAGE && (
          <Pager
            label={`Public Holidays, ${data.name}`}
            page={page}
            perPage={HOLIDAYS_PER_PAGE}
            total={data.holidays.length}
            perPageOptions={[HOLIDAYS_PER_PAGE]}
            summary={(from, to, total) => `Showing ${from} to ${to} of ${total} holidays`}
            onPage={setPage}
            onPerPage={() => undefined}
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Sources: {data.sources.join('; ')}.
      </Typography>
    </Stack>
  );
}
