import { Button, Card, CardContent, Grid, Typography } from '@mui/material';
import MailOutline from '@mui/icons-material/MailOutline';
import { Link, Title, useCreatePath, useGetIdentity } from 'react-admin';

/** The console's home. The service's figures (queues, verifications in flight, failures) come with the admin API. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const createPath = useCreatePath();
  return (
    <>
      <Title title="Service overview" />
      <Typography color="text.secondary" sx={{ mt: 2, mb: 3 }}>
        {identity?.fullName ? `Signed in as ${identity.fullName}.` : 'Welcome.'} Figures for the service
        appear here once the admin API provides them.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card>
            <CardContent>
              <MailOutline color="primary" aria-hidden="true" />
              <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
                Mails
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Every e-mail the service has sent: registrations, resets, reminders.
              </Typography>
              <Button
                component={Link}
                to={createPath({ resource: 'mails', type: 'list' })}
                variant="outlined"
              >
                Open the mail log
              </Button>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
