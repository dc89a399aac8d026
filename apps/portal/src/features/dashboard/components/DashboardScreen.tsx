import { allowedTypes, isInstituteOrParent, topUpRoute, type TypeCode } from '@credence/domain';
import { Box, Button, Card, CardContent, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApplicantHistoryCard, ReferralHistoryCard } from '@/features/dashboard/components/DashboardHistories';
import { IndividualDashboard } from '@/features/dashboard/components/IndividualDashboard';
import { useCreditSummary } from '@/features/credit/hooks/useCreditSummary';
import { InstituteSearch } from '@/features/ordering/components/InstituteSearch';
import { priceModeOf } from '@/features/ordering/wizard/pricing';
import { APPLICANT_STATUSES, useApplicantCounts, useNewsFeed, useRecentVerifications } from '@/features/dashboard/hooks/useDashboard';
import { DASHBOARD_RESULTS, useVerificationStats, type VerificationStats } from '@/features/home/hooks/useVerificationStats';
import { useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { MetaLine } from '@/shared/ui/text';
import { formatCredits, formatDate, formatMajorAmount, formatNewsDate } from '@/shared/ui/format';
import { ResultChip } from '@/shared/ui/result';

const VERIFICATION_CARDS: { title: string; result: string; count: (s: VerificationStats) => number }[] = [
  { title: 'Verifications in Progress', result: 'PENDING', count: (s) => s.inProgress },
  { title: 'Action Required', result: 'ACTION', count: (s) => s.actionRequired },
  { title: 'Incomplete', result: 'INCOMPLETE', count: (s) => s.incomplete },
  { title: 'Verified', result: 'VERIFIED', count: (s) => s.verified },
  { title: 'Not Verified', result: 'NOT_VERIFIED', count: (s) => s.notVerified },
];
const APPLICANT_TITLES: Record<(typeof APPLICANT_STATUSES)[number], string> = {
  OPEN: 'Open Applications',
  PENDING: 'Pending Applications',
  APPLICANT_ACTION: 'Applicant Action Required',
  COMPLETED: 'Completed Applications',
};

/** The Verify cards of money 2.6, each shown only when its type is allowed. */
const VERIFY_CARDS: { code: TypeCode; title: string; flag: string }[] = [
  { code: 'hsc', title: 'High School', flag: 'nhsc' },
  { code: 'emp', title: 'Employment History', flag: 'nemp' },
  { code: 'pli', title: 'Professional License', flag: 'npli' },
  { code: 'pce', title: 'Professional Certificate', flag: 'npce' },
];

function StatCard({ title, count, to }: { title: string; count: number | undefined; to: string }) {
  return (
    // The count sits at the foot of the card, so counts line up along a row whether its title takes one line or
    // two (on a phone 'Verifications in Progress' wraps beside 'Action Required').
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', display: 'flex' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary" component="h3">
          {title}
        </Typography>
        <Stack direction="row" alignItems="baseline" justifyContent="space-between" spacing={1} sx={{ mt: 'auto' }}>
          <Typography variant="h3" component="p" aria-label={`${title}: ${count ?? 'loading'}`}>
            {count ?? '–'}
          </Typography>
          <Button component={RouterLink} to={to} size="small" aria-label={`View ${title}`}>
            View
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const grid = { display: 'grid', gap: 2, p: 0, m: 0, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } };

/**
 * Dashboard for organisations (money 2.6): statistics cards with View links (verifications when the account orders,
 * applicants when it has them, outstanding pendings for institutes and parents), Current Credit with Topup, the
 * Education Verification institute picker, the Verify cards of the allowed types, the latest verifications,
 * applicants (hasApplicants) and referrals (hasReferrals), and the News card from the product's RSS feed.
 */
export function DashboardScreen() {
  const facts = useAccountFacts();
  return facts.isIndividual ? <IndividualDashboard /> : <OrganisationDashboard />;
}

function OrganisationDashboard() {
  const facts = useAccountFacts();
  const orders = facts.paymentType !== 'NONE';
  const resolver = isInstituteOrParent(facts.paymentType);
  const stats = useVerificationStats(DASHBOARD_RESULTS, orders || resolver);
  const applicants = useApplicantCounts(facts.hasApplicants);
  const types = allowedTypes(facts);
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">
        Dashboard
      </Typography>
      <Box component="ul" aria-label="Statistics" sx={grid}>
        {orders &&
          VERIFICATION_CARDS.map((c) => (
            <StatCard key={c.result} title={c.title} count={stats ? c.count(stats) : undefined} to={`/verification/history?result=${c.result}`} />
          ))}
        {resolver && <StatCard title="Outstanding Pending" count={stats?.outstandingPendings} to="/verification/pending" />}
        {facts.hasApplicants &&
          APPLICANT_STATUSES.map((s) => (
            <StatCard
              key={s}
              title={APPLICANT_TITLES[s]}
              count={applicants.data ? (applicants.data.resultCounts?.find((r) => r.key === s)?.value ?? 0) : undefined}
              to={`/applicant/history?status=${s}`}
            />
          ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
        <Stack spacing={3}>
          {orders && <CreditCard topup={topUpRoute(facts)} />}
          {orders && !facts.isApplicant && (
            <Box component="ul" aria-label="Verify" sx={{ display: 'grid', gap: 2, p: 0, m: 0, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
              {VERIFY_CARDS.filter((c) => types.includes(c.code)).map((c) => (
                // As the statistics cards: the button at the foot, level with its neighbour's when a title wraps.
                <Card component="li" key={c.code} variant="outlined" sx={{ listStyle: 'none', display: 'flex' }}>
                  <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', flexGrow: 1 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                      {c.title}
                    </Typography>
                    <Button
                      component={RouterLink}
                      to={`/verification/new?${c.flag}=1`}
                      variant="contained"
                      size="small"
                      aria-label={`Verify ${c.title}`}
                      sx={{ mt: 'auto' }}
                    >
                      Verify
                    </Button>
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
        </Stack>
        <Stack spacing={3}>
          {orders && !facts.isApplicant && types.includes('edu') && <EducationPicker />}
          {orders && <RecentVerifications />}
          {facts.hasApplicants && <ApplicantHistoryCard />}
          {facts.hasReferrals && <ReferralHistoryCard />}
          <NewsCard />
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * The Education Verification institute picker (money 2.6): the wizard's Institute Search; choosing an institute opens
 * /verification/new with it preselected. Prices as the account sees them (none when it does not pay). Five a page:
 * with the wizard's 20 the card ran two screens long and pushed the history and news far down.
 */
function EducationPicker() {
  const facts = useAccountFacts();
  const { claims } = useSession();
  const navigate = useNavigate();
  return (
    <Card component="section" aria-labelledby="dashboard-education">
      <CardContent>
        <Typography id="dashboard-education" variant="h4" component="h3" sx={{ mb: 1 }}>
          Education Verification
        </Typography>
        <InstituteSearch
          idPrefix="dashboard-education"
          individual={false}
          priceMode={priceModeOf(facts)}
          currency={claims?.currency ?? 'GBP'}
          onSelect={(row) => void navigate(`/verification/new?institute=${encodeURIComponent(row.id)}`)}
          pageSize={5}
        />
      </CardContent>
    </Card>
  );
}

/** Current Credit (2.6) with 'Topup' where the account can top up: tokens are ordered, card payers buy. */
function CreditCard({ topup }: { topup: ReturnType<typeof topUpRoute> }) {
  const tokens = topup === '/credit/order';
  const { credit } = useCreditSummary();
  const { claims } = useSession();
  return (
    <Card component="section" aria-labelledby="dashboard-credit">
      <CardContent>
        <Typography id="dashboard-credit" variant="h4" component="h3">
          Current Credit
        </Typography>
        <Typography variant="h3" component="p" sx={{ my: 1 }}>
          {credit === null ? '–' : tokens ? formatCredits(credit) : formatMajorAmount(credit, claims?.currency)}
        </Typography>
        {topup && (
          <Link component={RouterLink} to={topup}>
            Topup
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function RecentVerifications() {
  const { data } = useRecentVerifications(true);
  return (
    <Card component="section" aria-labelledby="dashboard-history">
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography id="dashboard-history" variant="h4" component="h3">
            Verification History
          </Typography>
          <Button component={RouterLink} to="/verification/history" size="small">
            View all
          </Button>
        </Stack>
        {data && data.content.length === 0 && <Typography color="text.secondary">No verifications yet.</Typography>}
        <List dense>
          {(data?.content ?? []).map((v) => (
            <ListItem key={v.id} disableGutters secondaryAction={<ResultChip result={v.result} />}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/verification/history/${v.id}`}>
                    {[v.fields.firstname, v.fields.surname].filter(Boolean).join(' ')}
                  </Link>
                }
                secondary={<MetaLine parts={[v.instituteName ?? v.fields.employerName, formatDate(v.recorded)]} />}
                sx={{ pr: 16 }}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** The News card (2.6): the 5 latest items of the product's own RSS feed. */
function NewsCard() {
  const { data } = useNewsFeed();
  return (
    <Card component="section" aria-labelledby="dashboard-news">
      <CardContent>
        <Typography id="dashboard-news" variant="h4" component="h3" sx={{ mb: 1 }}>
          News
        </Typography>
        {data && data.length === 0 && <Typography color="text.secondary">There is no news yet.</Typography>}
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {(data ?? []).map((n) => (
            <li key={`${n.link}-${n.isoDate}`}>
              <Link href={n.link} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
                {n.title}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p">
                <MetaLine parts={[n.creator, formatNewsDate(n.isoDate)]} />
              </Typography>
              <Typography variant="body2">{n.contentSnippet}</Typography>
            </li>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
