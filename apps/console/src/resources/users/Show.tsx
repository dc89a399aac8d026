import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Button, Typography } from '@mui/material';
import { EditButton, ListButton, ReferenceField, Show, TopToolbar, useRecordContext } from 'react-admin';
import { PageSection } from '@/shared/PageSection';
import { ukDate } from '@/shared/format';
import { DisableUserButton, ResendRegistrationButton } from '@/resources/users/actions';
import { RoleText } from '@/resources/users/RoleText';
import { UserState } from '@/resources/users/UserState';
import { impersonationUrl } from '@/resources/customers/OpenPortalButton';
import { RecordTitle } from '@/shared/RecordTitle';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children || '—'}
      </Typography>
    </Box>
  );
}

function UserDetails() {
  const u = useRecordContext();
  if (!u) return null;
  return (
    <PageSection
      title={`${u.firstname} ${u.lastname}`}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ResendRegistrationButton />
          <DisableUserButton />
          {!u.pending && !u.disabled ? (
            <Button variant="contained" startIcon={<OpenInNew />} href={impersonationUrl(u.username)} target="_blank" rel="noopener">
              Open portal as this user
            </Button>
          ) : null}
        </Box>
      }
    >
      <Row label="Username">{u.username}</Row>
      <Row label="Customer">
        <ReferenceField source="companyId" reference="customers" link="show" />
      </Row>
      <Row label="Role">
        <RoleText user={u} />
      </Row>
      <Row label="State">
        <UserState user={u} />
      </Row>
      <Row label="Phone">{u.phone}</Row>
      <Row label="Last sign-in">{u.lastLoginAt ? ukDate(u.lastLoginAt, true) : 'Never'}</Row>
      <Row label="Created">{ukDate(u.createdAt, true)}</Row>
    </PageSection>
  );
}

export function UserShow() {
  return (
    <Show
      title={<RecordTitle field="username" />}
      actions={
        <TopToolbar>
          <ListButton />
          <EditButton />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <UserDetails />
    </Show>
  );
}
