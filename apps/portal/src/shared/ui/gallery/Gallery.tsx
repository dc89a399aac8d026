import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { presentResult, RESULTS, VERIFICATIONS_CHART_SERIES } from '@credence/domain';
import {
  BarChart,
  chartSheet,
  DownloadSpreadsheetButton,
  GOOD_TO_BAD,
  LineChart,
  WorldMap,
  type MapRegion,
} from '@/shared/ui/charts';
import { formatDateTime, formatDayMonth, formatMoney, formatNewsDate } from '@/shared/ui/format';
import { ApplicationStatusChip, ResultChip, toneColor } from '@/shared/ui/result';
import { StepIndicator, VerificationProgress } from '@/shared/ui/steps';
import { DEFAULT_PER_PAGE, PaginatedTable, type TableState } from '@/shared/ui/table';

interface Row {
  id: string;
  created: string;
  name: string;
  institute: string;
  result: string;
  paid: number;
}

const INSTITUTES = [
  'University of Demo',
  'Imperial College London',
  'Universidad Nacional Autónoma de México',
  'Acme Recruitment Ltd',
];
const ALL_ROWS: Row[] = Array.from({ length: 47 }, (_, i) => ({
  id: String(1000 + i),
  created: new Date(Date.UTC(2024, 0, 1 + i, 9 + (i % 8), (i * 7) % 60)).toISOString(),
  name: ['Jane Doe', 'Omar Haddad', 'Anna Schmidt-Rosenberg', 'Li Wei'][i % 4],
  institute: INSTITUTES[i % INSTITUTES.length],
  result: RESULTS[i % RESULTS.length],
  paid: 4050 + i * 125,
}));

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h4" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function TableDemo({ empty = false }: { empty?: boolean }) {
  const [state, setState] = useState<TableState>({ page: 0, perPage: DEFAULT_PER_PAGE });
  const source = empty ? [] : [...ALL_ROWS];
  if (state.sort) {
    const { field, direction } = state.sort;
    source.sort((a, b) => {
      const d = field === 'paid' ? a.paid - b.paid : a.created.localeCompare(b.created);
      return direction === 'asc' ? d : -d;
    });
  }
  const rows = source.slice(state.page * state.perPage, (state.page + 1) * state.perPage);
  return (
    <PaginatedTable
      label={empty ? 'Invoices' : 'Verification history'}
      columns={[
        { id: 'created', header: 'Date', cell: (r) => formatDateTime(r.created), sortable: true },
        { id: 'name', header: 'Name', cell: (r) => r.name },
        { id: 'institute', header: 'Institute / Organisation', cell: (r) => r.institute },
        { id: 'result', header: 'Status', cell: (r) => <ResultChip result={r.result} /> },
        {
          id: 'paid',
          header: 'Total Amount (£)',
          cell: (r) => formatMoney(r.paid, 'GBP'),
          sortable: true,
          align: 'right',
          hideOnPhone: true,
        },
      ]}
      rows={rows}
      rowKey={(r) => r.id}
      total={source.length}
      state={state}
      onChange={setState}
      emptyText={empty ? 'No invoices yet.' : 'No verifications yet.'}
      highlightRow={(r) => r.result === 'REJECTED' || r.result === 'NOT_FOUND'}
      onRowClick={() => undefined}
    />
  );
}

const HOLIDAYS = [
  { event: 'Christmas Day', date: '2024-12-25', endDate: null, regions: '' },
  { event: 'Boxing Day', date: '2024-12-26', endDate: null, regions: 'England, Wales, Northern Ireland' },
  { event: "St Andrew's Day", date: '2024-11-30', endDate: '2024-12-02', regions: 'Scotland' },
];

function HolidaysDemo() {
  const [state, setState] = useState<TableState>({ page: 0, perPage: 10 });
  return (
    <PaginatedTable
      label="Public Holidays"
      phoneLayout="scroll"
      columns={[
        { id: 'event', header: 'Holiday', cell: (r) => r.event },
        { id: 'date', header: 'Beginning', cell: (r) => formatDayMonth(r.date) },
        { id: 'endDate', header: 'Ending', cell: (r) => formatDayMonth(r.endDate ?? r.date) },
        { id: 'regions', header: 'Regions', cell: (r) => r.regions || 'All Regions' },
      ]}
      rows={HOLIDAYS}
      rowKey={(r) => r.event}
      total={HOLIDAYS.length}
      state={state}
      onChange={setState}
      emptyText="No public holidays."
    />
  );
}

const MONTHS = [
  'Dec 2023',
  'Jan 2024',
  'Feb 2024',
  'Mar 2024',
  'Apr 2024',
  'May 2024',
  'Jun 2024',
  'Jul 2024',
  'Aug 2024',
  'Sep 2024',
  'Oct 2024',
  'Nov 2024',
];
const VOLUME = [12, 18, 25, 22, 30, 41, 38, 45, 52, 48, 60, 57];
const TURNAROUND: Record<string, number> = {
  GB: 3,
  US: 11.5,
  FR: 14,
  DE: 8,
  IN: 21,
  BR: 19.5,
  CN: 25,
  AU: 6,
  NG: 30,
  ZA: 12,
  CA: 4,
  MX: 16,
  ES: 9,
  IT: 13,
  RU: -1,
  JP: 0.05,
  EG: 20,
  AR: 18,
  SE: 2,
  PL: 7,
};

export function Gallery() {
  const [region, setRegion] = useState<MapRegion>('world');
  const theme = useTheme();
  const verificationSeries = VERIFICATIONS_CHART_SERIES.map((s, i) => ({
    label: s.label,
    color: toneColor(theme, s.tone),
    data: MONTHS.map((_, m) => ((m + 3) * (i + 2)) % 17),
  }));
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Building blocks
      </Typography>
      <Stack spacing={3}>
        <Section title="Past verifications requested by you and your team">
          <TableDemo />
        </Section>
        <Section title="Invoices">
          <TableDemo empty />
        </Section>
        <Section title="Public Holidays">
          <HolidaysDemo />
        </Section>
        <Section title="Results">
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {[...RESULTS, 'RESOLVE_PENDING'].map((r) => (
              <ResultChip key={r} result={r} />
            ))}
            <ApplicationStatusChip status="APPLICANT_ACTION" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {`${presentResult('NOT_FOUND', 'resolved').label} · ${formatNewsDate('2024-01-01')} · ${formatMoney(4050, 'EUR')}`}
          </Typography>
        </Section>
        <Section title="Application progress">
          <Stack spacing={3}>
            <VerificationProgress result="PENDING" label="Jane Doe, University of Demo" />
            <VerificationProgress result="REJECTED" label="Omar Haddad, Imperial College London" />
            <VerificationProgress result="VERIFIED" label="Li Wei, University of Demo" />
            <StepIndicator
              label="Verification steps"
              steps={[
                { label: 'Application Details', state: 'complete' },
                { label: 'Start', state: 'complete' },
                { label: 'Verification Details', state: 'complete' },
                { label: 'Payment Details', state: 'active' },
                { label: 'Verify Identity', state: 'upcoming' },
                { label: 'View Result', state: 'upcoming' },
              ]}
            />
          </Stack>
        </Section>
        <Section
          title="VOLUME"
          action={
            <DownloadSpreadsheetButton
              fileName="Volume_Data.xlsx"
              sheet={() =>
                chartSheet({ headers: ['Date', 'Volume'], categories: MONTHS, series: [{ data: VOLUME }] })
              }
            />
          }
        >
          <LineChart title="VOLUME" categories={MONTHS} series={[{ label: 'Volume', data: VOLUME }]} />
        </Section>
        <Section title="VERIFICATIONS">
          <BarChart title="VERIFICATIONS" categories={MONTHS} series={verificationSeries} stacked />
        </Section>
        <Section title="COUNTRY STATISTICS">
          <BarChart
            title="COUNTRY STATISTICS"
            horizontal
            categoryLabel="Country"
            categories={['United Kingdom', 'India', 'United States', 'Nigeria', 'Germany']}
            series={[{ label: 'Volume', data: [120, 85, 60, 33, 12] }]}
          />
        </Section>
        <Section title="Annual Average Verification Times (Days)">
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            {(['world', '150', '142', '002', '019', '009'] as const).map((r) => (
              <Box
                key={r}
                component="button"
                type="button"
                aria-pressed={region === r}
                onClick={() => setRegion(r)}
                sx={{
                  font: 'inherit',
                  px: 1.5,
                  py: 0.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: region === r ? 'primary.main' : 'background.paper',
                  color: region === r ? 'primary.contrastText' : 'text.primary',
                }}
              >
                {
                  {
                    world: 'World',
                    '150': 'Europe',
                    '142': 'Asia',
                    '002': 'Africa',
                    '019': 'Americas',
                    '009': 'Oceania',
                  }[r]
                }
              </Box>
            ))}
          </Stack>
          <WorldMap
            title="Annual Average Verification Times (Days)"
            values={TURNAROUND}
            breakpoints={[0, 0.1, 12, 19, 20]}
            palette={GOOD_TO_BAD}
            region={region}
            formatValue={(v) => `${v}`}
            onSelectCountry={() => undefined}
          />
        </Section>
      </Stack>
    </Box>
  );
}
