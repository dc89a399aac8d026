import { Alert, Box, Button, Card, CardContent, Collapse, Link, Skeleton, Stack, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ShareIcon from '@mui/icons-material/Share';
import type { VerificationListItem } from '@credence/api-contract';
import { allowedTypes, canCreateVerification, promotionRunning, resultFooter, type TypeCode } from '@credence/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { listVerifications } from '@/features/verifications/api/verifications';
import { ApplicationsTable, useApplicationsMade } from '@/features/sharing/components/ApplicationsTable';
import { SharingCenter } from '@/features/sharing/components/SharingCenter';
import { SUPPORT_EMAIL } from '@/features/ordering/wizard/pricing';
import { WalletPockets, type Pocket, type WalletItem } from '@/features/wallet/components/WalletPockets';
import { ReceivedShares } from '@/features/wallet/components/ReceivedShares';
import { queryKeys } from '@/shared/query/queryKeys';
import { useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { LoadError } from '@/shared/ui/feedback';
import { localToday } from '@/shared/ui/format';

const WALLET_QUERY = { page: 0, size: 100, includeAuditHistory: true };

/** 2.1: the wallet's add links. Academic Reference takes the wizard's own narf: the spec's idce would add an identity. */
export const ADD_LINK_FLAG: Record<Pocket['code'], string> = {
  edu: 'nedu',
  hsc: 'nhsc',
  emp: 'nemp',
  pli: 'npli',
  pce: 'npce',
  idc: 'idce',
  elc: 'elc',
  arf: 'narf',
};

export const DISCOUNT_NOTICE =
  'SPECIAL OFFER: Complete your application in October and save 10% off the verification fee. Offer ends 5th of November.';

function walletItem(v: VerificationListItem): WalletItem {
  return {
    key: v.id,
    type: v.type,
    name: v.instituteNames?.[0] ?? v.instituteName ?? `${v.type} Verification`,
    credential: v.credential,
    result: v.currentResult ?? v.result,
    resultDetail: resultFooter(v.currentResult ?? v.result, v.instituteId),
    recorded: v.recorded,
    approvedDate: v.approvedDate,
    href: `/verification/history/${encodeURIComponent(v.id)}`,
    timeline: v.auditEvents,
  };
}

/**
 * I'm Verified Wallet (/wallet, verifications 2.12): the individual's verifications in pockets, the add links, the
 * discount notice, the collapsible Sharing Center for the whole wallet, and for an applicant whose sharing is
 * disabled the applications that give organisations access.
 */
export function WalletScreen() {
  const facts = useAccountFacts();
  const { claims, openApplicationsAtSignIn } = useSession();
  const sharingEnabled = !facts.sharingDisabled;
  const wallet = useQuery({
    queryKey: queryKeys.verification.list({ ...WALLET_QUERY, wallet: true }),
    queryFn: ({ signal }) => listVerifications(WALLET_QUERY, { signal, silent: true }),
  });
  const applicationsTable = !sharingEnabled && facts.isApplicant;
  const applications = useApplicationsMade(applicationsTable);
  const location = useLocation();
  const navigate = useNavigate();
  // '#sharing-center' keeps it open (a reload, a link straight to it).
  const [sharingOpen, setSharingOpen] = useState(location.hash === '#sharing-center');
  const sharingRef = useRef<HTMLDivElement>(null);

  const items = (wallet.data?.content ?? []).filter((v) => v.result !== 'DELETED').map(walletItem);
  const allowed = new Set<TypeCode>(allowedTypes(facts));
  const adding = canCreateVerification(facts);
  // 2.12, 9: an identity check may be added while the individual has none. The token's count is read at sign-in (and
  // the API issues 0); the wallet's own identity items (not cancelled) are what the user sees, so the larger decides.
  const idCount = Math.max(claims?.idCount ?? 0, items.filter((i) => i.type === 'IDENTITY' && i.result !== 'CANCELLED').length);
  const addLink = (pocket: Pocket) => {
    if (!adding || !allowed.has(pocket.code as TypeCode)) return null;
    if (pocket.code === 'idc' && idCount >= 1) return null;
    return `/verification/new?${ADD_LINK_FLAG[pocket.code]}=1`;
  };
  const newVerificationPath = facts.isApplicant && (openApplicationsAtSignIn ?? 0) > 0 ? '/applications/open' : '/verification/new';

  const openSharing = () => {
    setSharingOpen(true);
    void navigate({ hash: 'sharing-center' }, { replace: true });
    // After the collapse starts opening, so the card is where it will stay.
    setTimeout(() => sharingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2">
          I&apos;m Verified Wallet
        </Typography>
        {sharingEnabled && items.length > 0 && (
          <Button variant="contained" startIcon={<ShareIcon />} onClick={openSharing}>
            Share
          </Button>
        )}
      </Stack>
      {claims?.hasDiscount && promotionRunning(localToday()) && <Alert severity="success">{DISCOUNT_NOTICE}</Alert>}

      {wallet.isPending ? (
        <Stack spacing={1.5} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : wallet.isError ? (
        <LoadError onRetry={wallet.refetch}>
          Your wallet could not be loaded.
        </LoadError>
      ) : items.length === 0 ? (
        <Card>
          <CardContent>
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h6" component="p">
                Your Verification Wallet is currently empty!
              </Typography>
              <Typography>Start building up your wallet by adding a new verification.</Typography>
              {sharingEnabled && adding && (
                <Button variant="contained" component={RouterLink} to={newVerificationPath}>
                  Add a new Verification
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <WalletPockets items={items} sharingEnabled={sharingEnabled} addLink={addLink} />
      )}

      {sharingEnabled && items.length > 0 && (
        <Card ref={sharingRef} id="sharing-center">
          <CardContent>
            <Button
              onClick={() => setSharingOpen((o) => !o)}
              endIcon={sharingOpen ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={sharingOpen}
              aria-controls="wallet-sharing-center"
              sx={{ px: 0, typography: 'h6', textTransform: 'none' }}
            >
              Sharing Center
            </Button>
            <Collapse in={sharingOpen} unmountOnExit>
              <Box id="wallet-sharing-center" sx={{ pt: 2 }}>
                <SharingCenter scope={{ kind: 'WALLET' }} />
              </Box>
            </Collapse>
          </CardContent>
        </Card>
      )}

      {applicationsTable && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Applications
            </Typography>
            <Typography sx={{ mb: 2 }}>
              Staff of the organisations you applied to have access to the verifications included in your applications.
            </Typography>
            {applications.isPending ? <Skeleton height={40} /> : <ApplicationsTable applications={applications.data?.content ?? []} />}
            {(applications.data?.content.length ?? 0) > 0 && <ApplicationsNote />}
          </CardContent>
        </Card>
      )}

      <ReceivedShares />
    </Stack>
  );
}

/**
 * 2.12: 'Please note any listed applications are closed. ...', with {email} read as everywhere else in the spec (2.4's
 * coverage help, 2.3's no-results advice): the product's support address, an address the user can write to (it
 * named the organisations before, which is not a way to contact anyone).
 */
function ApplicationsNote() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
      Please note any listed applications are closed. If you need to add any additional verifications, please contact{' '}
      <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
    </Typography>
  );
}
