import { Box, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { isInstituteOrParent } from '@credence/domain';
import { useAccount } from '@/features/account/hooks/useAccount';
import { AccountCard } from '@/features/account/components/AccountCard';
import { OrganisationCard } from '@/features/account/components/OrganisationCard';
import { UsersCard } from '@/features/account/components/UsersCard';
import { useAccountFacts } from '@/shared/session/account';
import { LoadError } from '@/shared/ui/feedback';

/**
 * Spec 2.11: the account card, the organisation card and the users card, by account kind. The worked example of the
 * portal's data layer: the account is a query shared with the shell, each card saves through a mutation that
 * invalidates it, and the cards start again from the account as read after the save.
 */
export function AccountScreen() {
  const facts = useAccountFacts();
  const { data: account, isPending, isError, refetch } = useAccount();
  // Bumped after a save has been read back: the cards' forms start again from the saved values.
  const [version, setVersion] = useState(0);

  if (isPending) {
    return (
      <Stack spacing={3}>
        {[0, 1].map((i) => (
          <Card key={i}>
            <CardContent sx={{ p: 3.5 }}>
              <Skeleton width="30%" height={32} />
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  if (isError) {
    return <LoadError onRetry={refetch}>Your account could not be loaded.</LoadError>;
  }

  const individual = facts.isIndividual;
  const institute = !!account.institute || isInstituteOrParent(facts.paymentType);
  const reload = () => setVersion((n) => n + 1);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        // minmax(0, …): a wide users table scrolls inside its card instead of widening the page.
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          lg: individual ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        },
        alignItems: 'start',
      }}
    >
      <AccountCard key={`a${version}`} account={account} individual={individual} onSaved={reload} />
      {!individual && account.company && (
        <OrganisationCard
          key={`o${version}`}
          company={account.company}
          admin={facts.admin}
          onSaved={reload}
        />
      )}
      {!individual && (account.company || institute) && (
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <UsersCard
            me={account.username}
            admin={facts.admin}
            institute={institute}
            rolesLabel={account.customRolesLabel || 'Roles'}
            assignableRoles={account.assignableCustomRoles ?? []}
          />
        </Box>
      )}
    </Box>
  );
}
