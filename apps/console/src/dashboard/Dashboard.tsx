import { Alert, Box, Card, CardContent, Grid, LinearProgress, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AdminDashboardView } from '@credence/api-contract';
import type { ReactNode } from 'react';
import { Link, Title, useCreatePath, useGetIdentity } from 'react-admin';
import { StatusChip } from '@/shared/StatusChip';
import { duration, ukDate } from '@/shared/format';
import { resultLabel, staffResultName } from '@/shared/results';
import { ProjectionState } from '@/resources/projections/ProjectionState';
import { useDashboard } from '@/dashboard/useDashboard';

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5, gap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'secondary.main' }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: '#f3f6fc', height: '100%' }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: 'secondary.main', lineHeight: 1.1 }}>
        {value.toLocaleString('en-GB')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
  return to ? (
    <Link to={to} underline="none" sx={{ display: 'block', height: '100%' }}>
      {body}
    </Link>
  ) : (
    body
  );
}

function ByResult({ v }: { v: AdminDashboardView['verifications'] }) {
  const createPath = useCreatePath();
  if (!v.available) {
    return (
      <Typography variant="body2" color="text.secondary">
        Counts appear here once the verifications read models are running.
      </Typography>
    );
  }
  const max = Math.max(1, ...v.byResult.map((r) => r.count));
  const list = createPath({ resource: 'verifications', type: 'list' });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {v.byResult.map((r) => {
        const { tone } = resultLabel(r.result);
        const name = staffResultName(r.result);
        return (
          <Link key={r.result} to={`${list}?filter=${encodeURIComponent(JSON.stringify({ results: [r.result] }))}`} underline="none" color="inherit">
            <Box sx={{ display: 'grid', gridTemplateColumns: '230px 1fr 56px', alignItems: 'center', gap: 1.5 }}>
              <StatusChip label={name} tone={tone} title={r.result} sx={{ justifySelf: 'start' }} />
              <LinearProgress variant="determinate" value={(r.count / max) * 100} color={tone === 'default' || tone === 'primary' ? 'inherit' : tone} sx={{ height: 8, borderRadius: 4 }} />
              <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
                {r.count.toLocaleString('en-GB')}
              </Typography>
            </Box>
          </Link>
        );
      })}
      {!v.byResult.length ? <Typography variant="body2">No verifications yet.</Typography> : null}
    </Box>
  );
}

function PendingByInstitute({ rows }: { rows: AdminDashboardView['verifications']['pendingByInstitute'] }) {
  const createPath = useCreatePath();
  if (!rows.length) return <Typography variant="body2" color="text.secondary">Nothing waiting for an institute.</Typography>;
  return (
    <Table size="small" aria-label="Pending by institute">
      <TableHead>
        <TableRow>
          <TableCell>Institute</TableCell>
          <TableCell align="right">Pending</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.instituteId ?? 'none'}>
            <TableCell>
              {r.instituteId ? <Link to={createPath({ resource: 'institutes', id: r.instituteId, type: 'show' })}>{r.instituteName ?? r.instituteId}</Link> : 'No institute'}
            </TableCell>
            <TableCell align="right">{r.count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The console's home: verifications by result, pending by institute, projection health and failed jobs. */
export function Dashboard() {
  const { data, error } = useDashboard();
  const createPath = useCreatePath();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Service overview" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {identity?.fullName ? `Signed in as ${identity.fullName}.` : 'Welcome.'} The state of the service across every customer.
      </Typography>
      {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
      {!data ? (
        <Grid container spacing={2}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <Grid container spacing={2}>
          <Grid size={12}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
              <Figure label="Organisations" value={data.accounts.organisations} to={`${createPath({ resource: 'customers', type: 'list' })}?filter=${encodeURIComponent('{"individual":"false"}')}`} />
              <Figure label="Individuals" value={data.accounts.individuals} to={`${createPath({ resource: 'customers', type: 'list' })}?filter=${encodeURIComponent('{"individual":"true"}')}`} />
              <Figure label="Active users" value={data.accounts.activeUsers} to={createPath({ resource: 'users', type: 'list' })} />
              <Figure label="Pending users" value={data.accounts.pendingUsers} to={`${createPath({ resource: 'users', type: 'list' })}?filter=${encodeURIComponent('{"pending":true}')}`} />
              <Figure label="Failed jobs" value={data.failedJobs.total} to={createPath({ resource: 'failed-jobs', type: 'list' })} />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Panel title="Verifications by result">
              <ByResult v={data.verifications} />
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Panel title="Pending by institute">
              {data.verifications.available ? (
                <PendingByInstitute rows={data.verifications.pendingByInstitute} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Appears with the verifications read models.
                </Typography>
              )}
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Panel title="Projection health" action={<Link to={createPath({ resource: 'projections', type: 'list' })}>All projections</Link>}>
              <Table size="small" aria-label="Projection health">
                <TableHead>
                  <TableRow>
                    <TableCell>Read model</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell align="right">Lag</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.projections.map((p) => (
                    <TableRow key={p.name}>
                      <TableCell>
                        <Link to={createPath({ resource: 'projections', id: p.name, type: 'show' })}>{p.name}</Link>
                      </TableCell>
                      <TableCell>
                        <ProjectionState p={p} />
                        {p.rebuilding ? <StatusChip label="Rebuilding" tone="info" sx={{ ml: 0.5 }} /> : null}
                      </TableCell>
                      <TableCell align="right">{duration(p.lagMs)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Panel title="Recent failed jobs" action={<Link to={createPath({ resource: 'failed-jobs', type: 'list' })}>All failed jobs</Link>}>
              {data.failedJobs.recent.length ? (
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
                  {data.failedJobs.recent.map((j) => (
                    <Box component="li" key={j.id} sx={{ borderLeft: '3px solid', borderColor: 'error.main', pl: 1.25 }}>
                      <Link to={createPath({ resource: 'failed-jobs', id: j.id, type: 'show' })}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {j.queue} · {j.key}
                        </Typography>
                      </Link>
                      <Typography variant="caption" color="text.secondary">
                        {ukDate(j.failedAt, true)}: {j.error}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No failed jobs. Queues: {Object.entries(data.queues).map(([q, n]) => `${q} ${n}`).join(', ') || 'empty'}.
                </Typography>
              )}
            </Panel>
          </Grid>
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">
              As of {ukDate(data.generatedAt, true)}; refreshed every 30 seconds.
            </Typography>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
