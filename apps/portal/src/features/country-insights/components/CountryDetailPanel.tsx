import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type {
  CountryInsightsView,
  InDepthSectionView,
  PublicHolidayView,
  YearValueView,
} from '@credence/api-contract';
import { useCountryDetail } from '@/features/country-insights/hooks/useCountryInsights';
import {
  celebratingText,
  formatDestinations,
  formatRate,
  formatTurnaround,
  type CountryRow,
} from '@/features/country-insights/components/rows';
import { BarChart, LineChart } from '@/shared/ui/charts';
import { formatDayMonth } from '@/shared/ui/format';
import { PaginatedTable, type TableColumn } from '@/shared/ui/table';

/** Public holidays: 10 a page (money 9). */
const HOLIDAYS_PER_PAGE = 10;
/** money 2.18: Holiday, Beginning, Ending (the start date when there is no end), Regions (none: 'All Regions'). */
const HOLIDAY_COLUMNS: readonly TableColumn<PublicHolidayView>[] = [
  { id: 'event', header: 'Holiday', cell: (h) => h.event },
  { id: 'date', header: 'Beginning', cell: (h) => formatDayMonth(h.date) },
  { id: 'endDate', header: 'Ending', cell: (h) => formatDayMonth(h.endDate ?? h.date) },
  {
    id: 'regions',
    header: 'Regions',
    cell: (h) => (h.regions.length ? h.regions.join(', ') : 'All Regions'),
  },
];
const NOT_ENOUGH = 'Not enough current data available';
const GDP = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const RATE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const STUDENTS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
/**
 * The value axis runs this far past the longer bar: x-charts clips a bar's figure to the plot, so the longer bar ends
 * at 62% of it, leaving a phone's (about 260 px) room for up to '1,038,886' (China's outbound).
 */
const LABEL_ROOM = 1.6;

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

/**
 * A Student Mobility chart (money 2.18: 'inbound and outbound bar charts for 2021'): one bar, the country's students of
 * the mobility year, its figure written at its end. The source has one figure per chart, so a bar across with the
 * number beside it reads better than a lone upright column; inbound and outbound share one scale (max), so the two bars
 * compare at a glance instead of each filling its own chart. No figure shows the spec's empty state.
 */
function MobilityChart({
  title,
  label,
  country,
  year,
  value,
  max,
}: {
  title: string;
  label: string;
  country: string;
  year: number;
  value: number | null;
  max: number;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <BarChart
        title={`${title}, ${country}`}
        categoryLabel="Year"
        categories={[String(year)]}
        series={[{ label, data: value === null ? [] : [value] }]}
        valueFormatter={(v) => STUDENTS.format(v)}
        emptyText={NOT_ENOUGH}
        horizontal
        valueMax={max > 0 ? max * LABEL_ROOM : undefined}
        valueLabels
        height={72}
      />
    </Box>
  );
}

/**
 * In-Depth (money 2.18): Government, Economy, Migration and Education Systems from The World Factbook, each a heading
 * one level below the panel's section headings and its paragraphs as body text; nothing where the factbook has none.
 */
function InDepth({ sections }: { sections: InDepthSectionView[] }) {
  const headingId = useId();
  if (!sections.length) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h4" sx={{ mb: 1 }}>
        In-Depth
      </Typography>
      <Stack spacing={2}>
        {sections.map((section) => (
          <Box key={section.title}>
            <Typography variant="subtitle1" component="h5" sx={{ fontWeight: 600, mb: 0.5 }}>
              {section.title}
            </Typography>
            {section.paragraphs.map((text, i) => (
              <Typography
                key={i}
                variant="body2"
                sx={{ mb: 1, maxWidth: '80ch', overflowWrap: 'anywhere', whiteSpace: 'normal' }}
              >
                {text}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
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
 * Institutions, Verification Information with the global averages, the Student Mobility charts and the Macro-Level
 * charts from the UNESCO UIS and World Bank extracts the API ships (empty where they have nothing for the country), the
 * Public Holidays table, the In-Depth text from The World Factbook and where the figures come from. Active country
 * notifications staff wrote come first.
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
  const { year, inbound, outbound } = data.studentMobility;
  const mobilityMax = Math.max(inbound ?? 0, outbound ?? 0);
  return (
    <Stack spacing={2.5} sx={{ py: 1 }}>
      {data.notifications.map((n) => (
        <Alert key={n.id} severity="info">
          {n.message}
          {/* On a line of its own and underlined: after a message of staff's words it read as their last words. */}
          {n.link && (
            <Box sx={{ mt: 0.5 }}>
              <Link href={n.link} target="_blank" rel="noopener noreferrer" underline="always">
                {n.linkName || n.link}
              </Link>
            </Box>
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
          {/* The table's destination columns are left out on a phone (CountryInsightsScreen): they are here instead. */}
          <Box
            component="dl"
            sx={{ m: 0, mt: 1, display: { xs: 'grid', md: 'none' }, gap: 2, gridTemplateColumns: '1fr 1fr' }}
          >
            <Fact label="Top Incoming Destinations" value={formatDestinations(row.incoming)} />
            <Fact label="Top Outgoing Destinations" value={formatDestinations(row.outgoing)} />
          </Box>
          <MobilityChart
            title="Inbound students 2021"
            label="Inbound"
            country={data.name}
            year={year}
            value={inbound}
            max={mobilityMax}
          />
          <MobilityChart
            title="Outbound students 2021"
            label="Outbound"
            country={data.name}
            year={year}
            value={outbound}
            max={mobilityMax}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Source: UNESCO Institute for Statistics (UIS). Outbound is inbound minus UIS&apos;s net flow of
            students.
          </Typography>
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
        {/* On a phone each holiday is a small card of label/value lines (the four columns were cut off there). */}
        <PaginatedTable
          label={`Public Holidays, ${data.name}`}
          columns={HOLIDAY_COLUMNS}
          rows={holidays}
          rowKey={(h) => `${h.date}-${h.event}`}
          total={data.holidays.length}
          state={{ page, perPage: HOLIDAYS_PER_PAGE }}
          onChange={(next) => setPage(next.page)}
          emptyText="No public holidays known."
          perPageOptions={[HOLIDAYS_PER_PAGE]}
          summary={(from, to, total) => `Showing ${from} to ${to} of ${total} holidays`}
        />
      </Box>
      <InDepth sections={data.inDepth} />
      <Typography variant="caption" color="text.secondary">
        Sources: {data.sources.join('; ')}.
      </Typography>
    </Stack>
  );
}
