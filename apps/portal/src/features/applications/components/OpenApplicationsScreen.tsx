import { Avatar, Box, Button, Card, CardActions, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { APPLICATION_TEXTS } from '@credence/domain';
import { Link as RouterLink, Navigate } from 'react-router';
import { useOpenApplicationList } from '@/features/applications/hooks/useApplications';
import { LoadError } from '@/shared/ui/feedback';

/**
 * Open applications (/applications/open, verifications 2.13): a card per open application with Start; exactly one
 * open application goes straight to its start page.
 */
export function OpenApplicationsScreen() {
  const list = useOpenApplicationList();
  const open = (list.data?.content ?? []).filter((a) => a.status === 'OPEN');

  if (list.isPending) return <Skeleton variant="rounded" height={200} aria-label="Loading your applications" />;
  if (list.isError) {
    return (
      <LoadError onRetry={list.refetch}>Your applications could not be loaded.</LoadError>
    );
  }
  if (open.length === 1) return <Navigate to={`/application/${encodeURIComponent(open[0].id)}/start`} replace />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
          {open.length ? APPLICATION_TEXTS.openTitle : 'You have no open applications.'}
        </Typography>
        {open.length > 0 && <Typography>{APPLICATION_TEXTS.openBody}</Typography>}
      </Box>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Open applications">
        {open.map((a) => (
          <Grid key={a.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar src={a.logo ?? undefined} alt={`${a.owner.name} logo`} variant="rounded" sx={{ width: 56, height: 56 }}>
                    {a.owner.name.slice(0, 1)}
                  </Avatar>
                  <Typography component="h3" variant="h6">
                    {APPLICATION_TEXTS.applicationTo(a.owner.name)}
                  </Typography>
                </Stack>
              </CardContent>
              <CardActions>
                <Button variant="contained" component={RouterLink} to={`/application/${encodeURIComponent(a.id)}/start`} aria-label={`Start ${APPLICATION_TEXTS.applicationTo(a.owner.name)}`}>
                  Start
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
