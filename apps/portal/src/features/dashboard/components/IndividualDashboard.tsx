import { Avatar, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { VerificationListItem } from '@credence/api-contract';
import { Link as RouterLink } from 'react-router';
import type { ApplicationView } from '@/features/applications/api/applications';
import { useIndividualProgress } from '@/features/dashboard/hooks/useIndividualProgress';
import { VerificationProgress } from '@/shared/ui/steps';
import { MetaLine } from '@/shared/ui/text';

const personOf = (v: VerificationListItem) =>
  [v.fields.firstname, v.fields.middlename, v.fields.surname].filter(Boolean).join(' ');
const instituteOf = (v: VerificationListItem) => v.instituteName ?? v.fields.employerName ?? '';

/** One verification: the person's name, the institute and the step indicator (money 2.7, 4). */
function VerificationLine({ v, first }: { v: VerificationListItem; first: boolean }) {
  const person = personOf(v);
  const institute = instituteOf(v);
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderTop: first ? 0 : 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{person}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <MetaLine parts={[institute, v.credential]} />
      </Typography>
      <VerificationProgress result={v.result} label={`${person}, ${institute}`} />
    </Box>
  );
}

function ApplicationCard({ application }: { application: ApplicationView }) {
  const owner = application.owner.name;
  const verifications = application.verifications ?? [];
  return (
    <Card component="section" aria-label={`Application progress: ${owner}`}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          {application.logo && <Avatar src={application.logo} alt={owner} variant="rounded" sx={{ width: 48, height: 48 }} />}
          <Box>
            <Typography variant="h4" component="h3">
              Application progress
            </Typography>
            <Typography color="text.secondary">Qualification verification progress for {owner} application.</Typography>
          </Box>
        </Stack>
        {verifications.length === 0 ? (
          <Stack spacing={2} alignItems="flex-start" sx={{ mt: 2 }}>
            <Typography>Please complete your application which will be shared along with your verification results to {owner}.</Typography>
            <Button component={RouterLink} to={`/application/${encodeURIComponent(application.id)}/start/`} variant="contained">
              Start Application
            </Button>
          </Stack>
        ) : (
          <>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {verifications.map((v, i) => (
                <VerificationLine key={v.id} v={v} first={i === 0} />
              ))}
            </Box>
            <Typography sx={{ mt: 1 }}>
              Your application to {owner} has been submitted. You will be contacted again after it is reviewed.
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Dashboard for individuals (money 2.7): an 'Application progress' card per application, and a 'Qualification
 * verification progress' card for the verifications not tied to an application. No statistics cards.
 */
export function IndividualDashboard() {
  const { applications, standalone } = useIndividualProgress();
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">
        Dashboard
      </Typography>
      {applications.map((a) => (
        <ApplicationCard key={a.id} application={a} />
      ))}
      {standalone.length > 0 && (
        <Card component="section" aria-labelledby="individual-progress">
          <CardContent>
            <Typography id="individual-progress" variant="h4" component="h3" sx={{ mb: 1 }}>
              Qualification verification progress
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {standalone.map((v, i) => (
                <VerificationLine key={v.id} v={v} first={i === 0} />
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
