import { Box, Grid, Typography } from '@mui/material';
import {
  EditButton,
  ReferenceManyField,
  DataTable,
  Show,
  TopToolbar,
  useRecordContext,
  Pagination,
  ListButton,
} from 'react-admin';
import { PageSection } from '@/shared/PageSection';
import { Fact } from '@/shared/Fact';
import { FlagSwitch } from '@/shared/FlagSwitch';
import { StatusChip } from '@/shared/StatusChip';
import { typeName } from '@/shared/results';
import { ukDate } from '@/shared/format';
import { UkDateField } from '@/shared/UkDateField';
import { FLAG_GROUPS, paymentTypeLabel } from '@/resources/customers/choices';
import { OpenPortalButton } from '@/resources/customers/OpenPortalButton';
import { GrantCreditButton } from '@/resources/customers/GrantCreditButton';
import { AuditTrail } from '@/resources/customers/AuditTrail';
import { UserState } from '@/resources/users/UserState';
import { RecordTitle } from '@/shared/RecordTitle';

function CustomerHeader() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title="Account" action={<Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}><GrantCreditButton customer={{ id: String(r.id), name: r.name, paymentType: r.paymentType, currency: r.currency }} /><OpenPortalButton /></Box>}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
          {r.name}
        </Typography>
        <StatusChip label={r.individual ? 'Individual' : 'Organisation'} tone={r.individual ? 'default' : 'primary'} />
        <Typography variant="body2" color="text.secondary">
          id {r.id}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' } }}>
        <Fact label="Payment type">{paymentTypeLabel(r.paymentType)}</Fact>
        <Fact label="Currency">{r.currency}</Fact>
        <Fact label="VAT payer">{r.vatPayer ? 'Yes' : 'No'}</Fact>
        <Fact label="Country">{r.country}</Fact>
        <Fact label="Users">{r.userCount}</Fact>
        <Fact label="Customer since">{ukDate(r.createdAt)}</Fact>
        <Fact label="Allowed types">{r.allowedTypes ? (r.allowedTypes as string[]).map(typeName).join(', ') || 'None' : 'Defaults for the account kind'}</Fact>
        <Fact label="Reference label">{r.refLabel}</Fact>
        <Fact label="Application reference label">{r.appRefLabel}</Fact>
        <Fact label="Institute">{r.instituteId}</Fact>
      </Box>
    </PageSection>
  );
}

function AccessToggles() {
  return (
    <PageSection title="Access (changes apply at once)">
      <Grid container spacing={2}>
        {FLAG_GROUPS.map((group) => (
          <Grid key={group.title} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Typography variant="overline" color="text.secondary" component="h3">
              {group.title}
            </Typography>
            <Box sx={{ display: 'grid' }}>
              {group.flags.map((f) => (
                <FlagSwitch key={f.source} source={f.source} label={f.label} help={f.help} />
              ))}
            </Box>
          </Grid>
        ))}
      </Grid>
      <Typography variant="caption" color="text.secondary">
        The customer’s users see a change on their next sign-in or session refresh (within 15 minutes).
      </Typography>
    </PageSection>
  );
}

function Users() {
  return (
    <PageSection title="Users">
      <ReferenceManyField reference="users" target="companyId" sort={{ field: 'username', order: 'ASC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10, 25]} />}>
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="username" label="Username" />
          <DataTable.Col label="Name" render={(u) => `${u.firstname} ${u.lastname}`} disableSort />
          <DataTable.Col label="Role" disableSort render={(u) => (u.admin ? 'Admin' : 'User')} />
          <DataTable.Col label="State" disableSort render={(u) => <UserState user={u} />} />
          <DataTable.Col source="lastLoginAt" label="Last sign-in">
            <UkDateField source="lastLoginAt" showTime empty="Never" />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </PageSection>
  );
}

function Audit() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title={`Audit trail (audit-${r.id})`}>
      <AuditTrail stream={`audit-${r.id}`} />
    </PageSection>
  );
}

export function CustomerShow() {
  return (
    <Show
      title={<RecordTitle />}
      actions={
        <TopToolbar>
          <ListButton />
          <EditButton label="Edit settings" />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <CustomerHeader />
      <AccessToggles />
      <Users />
      <Audit />
    </Show>
  );
}
