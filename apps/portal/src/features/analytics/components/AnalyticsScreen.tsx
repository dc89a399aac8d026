import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { canUseAnalytics, VERIFICATIONS_CHART_SERIES } from '@credence/domain';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { TemplateFilter } from '@/features/analytics/api/analytics';
import { DownloadReportsDialog } from '@/features/analytics/components/DownloadReportsDialog';
import { TemplateSelect } from '@/features/analytics/components/TemplateSelect';
import {
  countriesTooltip,
  DEFAULT_PERIOD,
  PERIODS,
  periodLabel,
  TOP_N,
  topNDisabled,
  type PeriodCount,
  type TopN,
} from '@/features/analytics/components/periods';
import { useCountries, useOverview, useSeries, useTemplates, useVerificationsChart } from '@/features/analytics/hooks/useAnalytics';
import { useAccountFacts } from '@/shared/session/account';
import { BarChart, chartSheet, DownloadSpreadsheetButton, LineChart } from '@/shared/ui/charts';
import { toneColor } from '@/shared/ui/result';

type View = 'verifications' | 'applications';

/**
 * Analytics (money-and-insights.md 2.15; /analytics): non-individual admins with hasAnalyticsAccess, others go to '/'.
 * Tabs when the account has application templates, the three stat tiles, and the VOLUME, REVENUE SPEND (£),
 * VERIFICATIONS and COUNTRY STATISTICS charts, each with its period (or Top-N) selector and its spreadsheet download.
 */
export function AnalyticsScreen() {
  const facts = useAccountFacts();
  if (!canUseAnalytics(facts)) return <Navigate to="/" replace />;
  return <Analytics reports={facts.hasReportsAccess} />;
}

function Analytics({ reports }: { reports: boolean }) {
  const templates = useTemplates();
  const list = templates.data ?? [];
  const [view, setView] = useState<View>('verifications');
  const [selected, setSelected] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState(false);
  // On a phone the two tabs share the width (their labels wrap) instead of scrolling: a scrolled row cut
  // 'Applications Overview' off with nothing to say there was more.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  // With exactly one template it is selected automatically, otherwise all are (money 2.15).
  const chosen = selected ?? list.map((t) => t.id);
  const filter: TemplateFilter = view === 'applications' ? chosen : null;
  const upfront = view === 'applications' && list.some((t) => chosen.includes(t.id) && t.paymentType === 'UPFRONT');

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={1}>
        <Typography variant="h2" component="h2">
          Analytics
        </Typography>
        {reports && (
          <Button variant="contained" onClick={() => setDialog(true)}>
            Download Reports
          </Button>
        )}
      </Stack>
      {list.length > 0 && (
        <Tabs
          value={view}
          onChange={(_e, v: View) => setView(v)}
          variant={phone ? 'fullWidth' : 'standard'}
          aria-label="Analytics views"
        >
          <Tab value="verifications" label="Verifications Overview" />
          <Tab value="applications" label="Applications Overview" />
        </Tabs>
      )}
      {view === 'applications' && <TemplateSelect templates={list} value={chosen} onChange={setSelected} />}
      <StatTiles filter={filter} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <SeriesCard kind="volume" filter={filter} />
        {!upfront && <SeriesCard kind="revenue" filter={filter} />}
        <VerificationsCard filter={filter} />
        <CountriesCard filter={filter} />
      </Box>
      {dialog && <DownloadReportsDialog templates={list} onClose={() => setDialog(false)} />}
    </Stack>
  );
}

function StatTiles({ filter }: { filter: TemplateFilter }) {
  const { data } = useOverview(filter);
  const tiles = [
    { title: 'DAILY COUNT', previous: 'Previous Day', pair: data?.day },
    { title: 'WEEKLY COUNT', previous: 'Previous Week', pair: data?.week },
    { title: 'MONTHLY COUNT', previous: 'Previous Month', pair: data?.month },
  ];
  return (
    <Box component="ul" aria-label="Counts" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {tiles.map((t) => (
        <Card component="li" key={t.title} variant="outlined" aria-label={`${t.title}: ${t.pair?.first ?? '–'}, ${t.previous}: ${t.pair?.second ?? '–'}`}>
          <CardContent>
            <Typography variant="overline" component="p" color="text.secondary">
              {t.title}
            </Typography>
            <Typography variant="h3" component="p" data-testid={`tile-${t.title}`}>
              {t.pair?.first ?? '–'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.previous}: {t.pair?.second ?? '–'}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function ChartCard({ id, title, controls, children }: { id: string; title: string; controls: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent>
        {/* On a phone the selector always goes under the title: wrapping put it beside a short title and under a long one. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          flexWrap="wrap"
          justifyContent="space-between"
          alignItems={{ xs: 'flex-start', sm: 'center' }}
          gap={1}
          sx={{ mb: 1 }}
        >
          <Typography id={id} variant="h4" component="h3">
            {title}
          </Typography>
          <Stack direction="row" alignItems="center" spacing={1}>
            {controls}
          </Stack>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function PeriodSelect({ id, value, onChange }: { id: string; value: PeriodCount; onChange: (v: PeriodCount) => void }) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label="Period"
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as PeriodCount)}
      sx={{ minWidth: 150 }}
    >
      {PERIODS.map((p) => (
        <MenuItem key={p.count} value={p.count}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const SERIES = {
  volume: { title: 'VOLUME', legend: 'Volume', file: 'Volume_Data.xlsx', header: 'Volume', decimals: undefined },
  revenue: { title: 'REVENUE SPEND (£)', legend: 'Revenue Spend', file: 'Revenue_Data.xlsx', header: 'Revenue Spend in £', decimals: { 1: 2 } },
} as const;

function SeriesCard({ kind, filter }: { kind: 'volume' | 'revenue'; filter: TemplateFilter }) {
  const [periods, setPeriods] = useState<PeriodCount>(DEFAULT_PERIOD);
  const { data, isLoading, isPlaceholderData } = useSeries(kind, periods, filter);
  const s = SERIES[kind];
  const points = data?.currentPeriod ?? [];
  const categories = points.map((p) => periodLabel(p.date, periods));
  const series = [{ label: s.legend, data: points.map((p) => p.count) }];
  return (
    <ChartCard
      id={`analytics-${kind}`}
      title={s.title}
      controls={
        <>
          <PeriodSelect id={`analytics-${kind}-period`} value={periods} onChange={setPeriods} />
          <DownloadSpreadsheetButton
            fileName={s.file}
            disabled={!data || isPlaceholderData}
            sheet={() => chartSheet({ headers: ['Date', s.header], categories, series, decimals: s.decimals, name: s.title })}
          />
        </>
      }
    >
      {(isLoading || data) && (
        <LineChart
          title={s.title}
          loading={isLoading || isPlaceholderData}
          categories={categories}
          series={series}
          valueFormatter={kind === 'revenue' ? (v) => `£${v.toFixed(2)}` : undefined}
          height={280}
        />
      )}
    </ChartCard>
  );
}

function VerificationsCard({ filter }: { filter: TemplateFilter }) {
  const theme = useTheme();
  const [periods, setPeriods] = useState<PeriodCount>(DEFAULT_PERIOD);
  const { data, isLoading, isPlaceholderData } = useVerificationsChart(periods, filter);
  const rows = data?.rows ?? [];
  const categories = rows.map((r) => periodLabel(r.date, periods));
  const series = VERIFICATIONS_CHART_SERIES.map((s) => ({ label: s.label, data: rows.map((r) => r[s.key]), color: toneColor(theme, s.tone) }));
  return (
    <ChartCard
      id="analytics-verifications"
      title="VERIFICATIONS"
      controls={
        <>
          <PeriodSelect id="analytics-verifications-period" value={periods} onChange={setPeriods} />
          <DownloadSpreadsheetButton
            fileName="Verification_Data.xlsx"
            disabled={!data || isPlaceholderData}
            sheet={() =>
              chartSheet({
                headers: ['Date', 'Cancelled', 'Not Verified', 'Pending', 'Action Required', 'Verified Verifications'],
                categories,
                series,
                name: 'VERIFICATIONS',
              })
            }
          />
        </>
      }
    >
      {(isLoading || data) && (
        <BarChart title="VERIFICATIONS" stacked loading={isLoading || isPlaceholderData} categories={categories} series={series} height={280} />
      )}
    </ChartCard>
  );
}

function CountriesCard({ filter }: { filter: TemplateFilter }) {
  const [top, setTop] = useState<TopN>(5);
  // N of the tooltip and the disabling rules come from a call with top 200 (money 2.15).
  const all = useCountries(200, filter);
  const total = all.data?.length ?? 0;
  const { data, isLoading, isPlaceholderData } = useCountries(top, filter);
  // A narrower selection of templates can close the chosen option: fall back to the largest one still open.
  useEffect(() => {
    if (all.data && topNDisabled(top, total)) setTop([...TOP_N].reverse().find((n) => !topNDisabled(n, total)) ?? 5);
  }, [all.data, top, total]);
  const rows = useMemo(() => data ?? [], [data]);
  const categories = rows.map((r) => r.countryName);
  const series = [{ label: 'Volume', data: rows.map((r) => r.counter) }];
  return (
    <ChartCard
      id="analytics-countries"
      title="COUNTRY STATISTICS"
      controls={
        <>
          <Tooltip title={countriesTooltip(total)}>
            <InfoOutlined fontSize="small" color="action" aria-label={countriesTooltip(total)} role="img" />
          </Tooltip>
          <TextField
            select
            size="small"
            id="analytics-countries-top"
            label="Countries"
            value={top}
            onChange={(e) => setTop(Number(e.target.value) as TopN)}
            sx={{ minWidth: 110 }}
          >
            {TOP_N.map((n) => (
              <MenuItem key={n} value={n} disabled={topNDisabled(n, total)}>
                Top {n}
              </MenuItem>
            ))}
          </TextField>
          <DownloadSpreadsheetButton
            fileName="Country_Data.xlsx"
            disabled={!data || isPlaceholderData}
            sheet={() => chartSheet({ headers: ['Country', 'Volume'], categories, series, name: 'COUNTRY STATISTICS' })}
          />
        </>
      }
    >
      {(isLoading || data) && (
        <BarChart
          title="COUNTRY STATISTICS"
          horizontal
          categoryLabel="Country"
          loading={isLoading || isPlaceholderData}
          categories={categories}
          series={series}
          height={Math.max(200, 40 + rows.length * 28)}
        />
      )}
    </ChartCard>
  );
}
