import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { ChoiceStep, type RegistrationKind } from '@/features/register/components/ChoiceStep';
import { CompleteForm } from '@/features/register/components/CompleteForm';
import { ApplicationsClosed, OwnerNotFound } from '@/features/register/components/OwnerPages';
import { StartForm } from '@/features/register/components/StartForm';
import { useRegistrationOwner } from '@/features/register/hooks/useRegistrationOwner';
import { useRegistrationToken } from '@/features/register/hooks/useRegistrationToken';
import { PublicCard } from '@/shared/layout/PublicCard';
import { useNotify } from '@/shared/notifications/useNotify';
import { usePublicContext, type Branding } from '@/shared/public/PublicContext';
import { hasTemplate } from '@/shared/public/publicParams';
import { rememberShareInvite } from '@/features/sharing/pendingInvite';

export const TOKEN_FAILED = 'Your username may already be registered, click here to login instead';

/** Spec 2.7: the registration screen in its variants. */
export function RegisterScreen() {
  const { regToken } = useParams();
  const [query] = useSearchParams();
  const token = regToken ?? query.get('token');
  return token ? (
    <Narrow>
      <CompleteRegistration token={token} />
    </Narrow>
  ) : (
    <StartRegistration />
  );
}

/** The route is laid out wide for the chooser's two cards; forms read better at a sign-in card's width. */
function Narrow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      {children}
    </Box>
  );
}

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" sx={{ color: '#fff' }} />
    </Box>
  );
}

function CompleteRegistration({ token }: { token: string }) {
  const notify = useNotify();
  const { setBranding } = usePublicContext();
  const registration = useRegistrationToken(token);
  const failed = registration.isError;
  const owner = registration.data?.applicationOwner ?? registration.data?.referralOwner;

  useEffect(() => {
    if (owner) setBranding(ownerBranding(owner));
  }, [owner, setBranding]);

  // Spec 8: the lookup's failure is a toast linking to login.
  useEffect(() => {
    if (failed) notify({ severity: 'error', title: 'Error', message: TOKEN_FAILED, href: '/login' });
  }, [failed, notify]);

  if (failed) {
    return (
      <PublicCard title="This registration link cannot be used">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The link may have expired or been used already. If you have completed your registration, log in;
          otherwise start again.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Button component={RouterLink} to="/login" variant="contained">
            Go to the login page
          </Button>
          <Button component={RouterLink} to="/login/register">
            Start a new registration
          </Button>
        </Box>
      </PublicCard>
    );
  }
  if (!registration.data) return <Loading />;
  return <CompleteForm token={token} registration={registration.data} />;
}

/** The start of a registration, with the entry variants of spec 2.7 (atid, referralcode, shareinvite, e). */
function StartRegistration() {
  const [query] = useSearchParams();
  const { hash } = useLocation();
  const { params, setBranding } = usePublicContext();
  const atid = params.atid;
  const referralCode = query.get('referralcode') ?? params.referralCode;
  const shareInvite = query.get('shareinvite');
  const inviteEmail = shareInvite && shareInvite.includes('@') ? shareInvite : null;
  const lockedEmail = params.email ?? inviteEmail;
  useEffect(() => rememberShareInvite(shareInvite), [shareInvite]);

  // An atid link is an individual's application; a referral or a share invitation is for organisations.
  const forced: RegistrationKind | null =
    hasTemplate(atid) || atid === '-1' ? 'I' : referralCode || shareInvite !== null ? 'C' : null;
  const [chosen, setChosen] = useState<RegistrationKind | null>(null);
  const kind = forced ?? chosen;

  const owners = useRegistrationOwner(atid, referralCode);
  const owner = owners.kind === 'template' || owners.kind === 'referral' ? owners.owner : null;

  useEffect(() => {
    if (owner) setBranding(ownerBranding(owner));
  }, [owner, setBranding]);

  // Spec 2.7: leaving the page clears the partner logo (registration not completed here).
  useEffect(() => () => setBranding({ ownerLogo: null, partnerLogo: null }), [setBranding]);

  if (owners.kind === 'loading') return <Loading />;
  if (owners.kind === 'not-found') {
    return (
      <Narrow>
        <OwnerNotFound kind={owners.of} />
      </Narrow>
    );
  }
  if (owners.kind === 'template' && owners.owner.status === 'CLOSED') {
    return (
      <Narrow>
        <ApplicationsClosed description={owners.owner.statusDescription} />
      </Narrow>
    );
  }
  if (!kind) {
    return <ChoiceStep individualOnly={hash === '#register-as-individual'} onChoose={setChosen} />;
  }
  return (
    <Narrow>
      <StartForm
        kind={kind}
        atid={atid}
        owner={owners.kind === 'template' ? owners.owner : null}
        referralOwner={owners.kind === 'referral' ? owners.owner : null}
        lockedEmail={lockedEmail}
        onBack={forced ? undefined : () => setChosen(null)}
      />
    </Narrow>
  );
}

/** An application template's or a referral's owner as the page's co-branding (a referral owner has no name). */
function ownerBranding(owner: {
  logo?: string | null;
  partnerLogo?: string | null;
  name?: string;
}): Branding {
  return {
    ownerLogo: owner.logo ?? null,
    partnerLogo: owner.partnerLogo ?? null,
    ownerName: owner.name ?? null,
  };
}
