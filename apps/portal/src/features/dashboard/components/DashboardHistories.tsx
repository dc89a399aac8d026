import {
  Button,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApplicants } from '@/features/applicants/hooks/useApplicants';
import { referralPricing } from '@/features/referrals/components/referralPresentation';
import { useReferralHistory } from '@/features/referrals/hooks/useReferrals';
import { formatDate } from '@/shared/ui/format';
import { MetaLine } from '@/shared/ui/text';
import { ApplicationStatusChip, ResultChip } from '@/shared/ui/result';

/** The dashboard's history lists show the latest few; 'View all' opens the whole list. */
const LATEST = 5;

function HistoryCard({
  id,
  title,
  to,
  empty,
  children,
}: {
  id: string;
  title: string;
  to: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography id={id} variant="h4" component="h3">
            {title}
          </Typography>
          <Button component={RouterLink} to={to} size="small" aria-label={`View all of ${title}`}>
            View all
          </Button>
        </Stack>
        {empty && <Typography color="text.secondary">Nothing here yet.</Typography>}
        <List dense>{children}</List>
      </CardContent>
    </Card>
  );
}

/** The applicant history list of the organisations' dashboard (money 2.6, when hasApplicants): the latest applications. */
export function ApplicantHistoryCard() {
  const { data } = useApplicants({ page: 0, size: LATEST });
  return (
    <HistoryCard
      id="dashboard-applicants"
      title="Applicant History"
      to="/applicant/history"
      empty={data?.content.length === 0}
    >
      {(data?.content ?? []).map((a) => (
        <ListItem key={a.id} disableGutters secondaryAction={<ApplicationStatusChip status={a.status} />}>
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/applicant/history/${a.id}`}>
                {a.applicant.name}
              </Link>
            }
            secondary={
              <MetaLine
                parts={[
                  `${a.verificationCount} verification${a.verificationCount === 1 ? '' : 's'}`,
                  formatDate(a.created),
                ]}
              />
            }
            sx={{ pr: 18 }}
          />
        </ListItem>
      ))}
    </HistoryCard>
  );
}

/** The referral history list of the organisations' dashboard (money 2.6, when hasReferrals): the latest rows with their price. */
export function ReferralHistoryCard() {
  const { data } = useReferralHistory({ page: 0, size: LATEST });
  return (
    <HistoryCard
      id="dashboard-referrals"
      title="Referral History"
      to="/referrals/list"
      empty={data?.content.length === 0}
    >
      {(data?.content ?? []).map((r) => (
        <ListItem key={r.id} disableGutters secondaryAction={<ResultChip result={r.result} />}>
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/verification/history/${r.id}`}>
                {[r.fields.firstname, r.fields.surname].filter(Boolean).join(' ')}
              </Link>
            }
            secondary={
              <MetaLine
                parts={[r.company.name, referralPricing(r.total, r.currency), formatDate(r.recorded)]}
              />
            }
            sx={{ pr: 16 }}
          />
        </ListItem>
      ))}
    </HistoryCard>
  );
}
