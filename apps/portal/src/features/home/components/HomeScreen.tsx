import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Divider,
  Link,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { NewsAlertItem } from '@/features/home/api/home';
import { useHomeVolume, useNewsAlerts } from '@/features/home/hooks/useHome';
import { HOME_RESULTS, useVerificationStats } from '@/features/home/hooks/useVerificationStats';
import { FAQ_URLS } from '@/shared/config';
import { useAccountFacts } from '@/shared/session/account';
import { LineChart } from '@/shared/ui/charts';
import { formatDate, formatNewsDate } from '@/shared/ui/format';

/** Latest News: 9 items a page (money 9). */
export const NEWS_PER_PAGE = 9;
/** The home page's Feedback link: an external form (money 2.5). */
export const FEEDBACK_URL = 'https://forms.credence.test/feedback';

const ALERT_SECTIONS = [
  { title: 'New Updates', empty: 'There are no new updates.' },
  { title: 'Upcoming Changes', empty: 'There are no upcoming changes.' },
  { title: 'Developments', empty: 'There are no current developments.' },
  { title: 'System Maintenance', empty: 'There is no system maintenance planned.' },
] as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A period's label: 'Nov 2026' for a month, the Monday's date for a week (money 2.5). */
export const periodLabel = (date: string, periods: 12 | 52) =>
  periods === 12 ? `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}` : formatDate(date);

/**
 * Home (money 2.5): the alerts card's four sections, the Verifications card and the volume chart (both hidden when
 * the account orders nothing), Latest News, and the FAQs and Feedback links. Dashboard notices show above every
 * screen of the shell.
 */
export function HomeScreen() {
  const facts = useAccountFacts();
  const orders = facts.paymentType !== 'NONE';
  const { data: items } = useNewsAlerts();
  const news = (items ?? []).filter((i) => i.type === 'NEWS');
  const maintenance = (items ?? []).filter((i) => i.type === 'ALERT_MAINTENANCE');
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">
        Home
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: orders ? '1fr 1fr' : '1fr' } }}>
        {orders && <VerificationsCard />}
        <AlertsCard maintenance={maintenance} />
      </Box>
      {/* The API draws the volume for organisations only (an individual's home asked and got a 403 over an empty card). */}
      {orders && !facts.isIndividual && <VolumeCard />}
      <LatestNews items={items === undefined ? undefined : news} />
      <Stack direction="row" spacing={3}>
        <Link href={FAQ_URLS.organisation} target="_blank" rel="noopener noreferrer">
          FAQs
        </Link>
        <Link href={FEEDBACK_URL} target="_blank" rel="noopener noreferrer">
          Feedback
        </Link>
      </Stack>
    </Stack>
  );
}

function CountLine({ label, count, to }: { label: string; count: number | undefined; to: string }) {
  return (
    <Stack direction="row" alignItems="center" spacing={2} sx={{ py: 1 }}>
      <Typography sx={{ flex: 1 }}>{label}</Typography>
      <Typography variant="h4" component="span" aria-label={`${label}: ${count ?? 'loading'}`} sx={{ minWidth: 32, textAlign: 'right' }}>
        {count ?? '–'}
      </Typography>
      <Button component={RouterLink} to={to} size="small" variant="outlined" aria-label={`View ${label}`}>
        View
      </Button>
    </Stack>
  );
}

function VerificationsCard() {
  const stats = useVerificationStats(HOME_RESULTS, true);
  return (
    <Card component="section" aria-labelledby="home-verifications">
      <CardContent>
        <Typography id="home-verifications" variant="h4" component="h3" sx={{ mb: 1 }}>
          Verifications
        </Typography>
        <CountLine label="Verifications in Progress" count={stats?.inProgress} to="/verification/history?result=PENDING" />
        <Divider />
        <CountLine label="Verifications with Action Required" count={stats?.actionRequired} to="/verification/history?result=ACTION" />
        <Button component={RouterLink} to="/verification/new" variant="contained" sx={{ mt: 2 }}>
          Add New Verification
        </Button>
      </CardContent>
    </Card>
  );
}

/** The alerts card (2.5): four sections; which items belong to which is not specified, so maintenance alerts fill System Maintenance. */
function AlertsCard({ maintenance }: { maintenance: NewsAlertItem[] }) {
  return (
    <Card component="section" aria-labelledby="home-alerts">
      <CardContent>
        <Typography id="home-alerts" variant="h4" component="h3" sx={{ mb: 1 }}>
          Alerts
        </Typography>
        {ALERT_SECTIONS.map((s) => {
          const entries = s.title === 'System Maintenance' ? maintenance : [];
          return (
            <Box key={s.title} sx={{ py: 1 }}>
              <Typography variant="subtitle2" component="h4">
                {s.title}
              </Typography>
              {entries.length === 0 ? (
                <Typography color="text.secondary" variant="body2">
                  {s.empty}
                </Typography>
              ) : (
                entries.map((e) => (
                  <Typography key={e.id} variant="body2">
                    <strong>{e.title}</strong> ({formatNewsDate(e.publishedAt)}): {e.message}
                  </Typography>
                ))
              )}
            </Box>
          );
        })}
      </CardContent>
    </Card>
  );
}

function VolumeCard() {
  const [periods, setPeriods] = useState<12 | 52>(12);
  const { data, isLoading } = useHomeVolume(periods, true);
  const points = data?.currentPeriod ?? [];
  return (
    <Card component="section" aria-labelledby="home-volume">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={1} sx={{ mb: 1 }}>
          <Typography id="home-volume" variant="h4" component="h3">
            Volume
          </Typography>
          <TextField
            select
            size="small"
            label="Period"
            value={periods}
            onChange={(e) => setPeriods(Number(e.target.value) === 52 ? 52 : 12)}
            // Not the theme's full width beside the title on a wide screen, where it stretched across the card.
            sx={{ minWidth: 160, width: { xs: '100%', sm: 'auto' } }}
          >
            <MenuItem value={12}>Monthly (12)</MenuItem>
            <MenuItem value={52}>Weekly (52)</MenuItem>
          </TextField>
        </Stack>
        {/* A load failure stops loading and shows nothing (money 8). */}
        {(isLoading || data) && (
          <LineChart
            title="Verification volume"
            loading={isLoading}
            categories={points.map((p) => periodLabel(p.date, data?.periods ?? periods))}
            series={[{ label: 'Volume', data: points.map((p) => p.count) }]}
            height={260}
          />
        )}
      </CardContent>
    </Card>
  );
}

function LatestNews({ items }: { items: NewsAlertItem[] | undefined }) {
  const [page, setPage] = useState(1);
  const sorted = [...(items ?? [])].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const pages = Math.max(1, Math.ceil(sorted.length / NEWS_PER_PAGE));
  const shown = sorted.slice((page - 1) * NEWS_PER_PAGE, page * NEWS_PER_PAGE);
  return (
    <Box component="section" aria-labelledby="home-news">
      <Typography id="home-news" variant="h3" component="h3" sx={{ mb: 2 }}>
        Latest News
      </Typography>
      {items !== undefined && sorted.length === 0 && <Typography color="text.secondary">There is no news yet.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {shown.map((n) => (
          <Card component="li" key={n.id} variant="outlined">
            <CardActionArea
              component="a"
              href={n.link ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              disabled={!n.link}
              sx={{ height: '100%', alignItems: 'stretch' }}
            >
              {/* The item's picture (money 2.5: 'image, title, description and date'); decorative beside its title. */}
              {n.image && <CardMedia component="img" image={n.image} alt="" loading="lazy" sx={{ height: 140, objectFit: 'cover' }} />}
              <CardContent>
                <Stack direction="row" spacing={1.5} alignItems="flex-start">
                  {!n.image && <NewspaperOutlined color="primary" aria-hidden="true" />}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                      {n.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                      {n.message}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatNewsDate(n.publishedAt)}
                    </Typography>
                  </Box>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          sx={{ mt: 2 }}
          getItemAriaLabel={(type, p) => (type === 'page' ? `News page ${p}` : `${type} news page`)}
        />
      )}
    </Box>
  );
}
