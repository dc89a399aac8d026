import { Button, Skeleton, Stack, Typography } from '@mui/material';
import type { SharedVerificationView } from '@credence/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { shareKeys } from '@/features/sharing/api/shareKeys';
import { viewShare } from '@/features/sharing/api/shares';
import { WalletPockets, type WalletItem } from '@/features/wallet/components/WalletPockets';
import { PublicCard } from '@/shared/layout/PublicCard';
import { sessionStore } from '@/shared/session/sessionStore';
import { useSession } from '@/shared/session/useSession';

export const SHARE_VIEW_TEXT = {
  goneTitle: 'This verification or wallet could not be found, or the owner has stopped sharing it with you.',
  goneBody: 'Please close this window.',
  errorTitle: 'Oops!',
  errorBody: 'Something went wrong loading this verification request. Please try again or report this error.',
  /** Beyond the spec: a private share opens only for its invitee, signed in (access 6.7). */
  signInHint: 'If it was shared with you privately, sign in with the e-mail address it was sent to.',
};

const personOf = (v: SharedVerificationView) => [v.fields.firstname, v.fields.middlename, v.fields.surname].filter(Boolean).join(' ');

function itemsOf(shared: SharedVerificationView[]): WalletItem[] {
  return shared.map((v, i) => ({
    key: String(i),
    type: v.type,
    name: v.name,
    credential: v.credential,
    result: v.result,
    resultDetail: v.resultDetail,
    recorded: v.recorded,
    approvedDate: v.approvedDate,
  }));
}

/**
 * The public share view (/view/{id}, verifications 2.12, access 6.7): the shared wallet headed with the person's
 * name from the first entry, only non-empty pockets, no action or pending counts, no add buttons, no ids. Signed in,
 * the same call lets a private share's invitee see what was shared with them. 204 and errors show the spec's texts.
 */
export function ShareViewScreen() {
  const { id = '' } = useParams();
  const { token, claims } = useSession();
  const navigate = useNavigate();
  const share = useQuery({
    // Per viewer: signed in as the invitee, a private share answers what it answered 204 to signed out.
    queryKey: [...shareKeys.view(id), token ? (claims?.sub ?? 'signed-in') : 'signed-out'],
    queryFn: ({ signal }) => viewShare(id, { signal }),
    retry: false,
    // Each opening is recorded: do not read it again on focus.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

  if (share.isPending) {
    return (
      <PublicCard>
        <Stack spacing={1.5} aria-busy="true">
          <Skeleton width="50%" height={40} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      </PublicCard>
    );
  }
  if (share.isError) {
    return (
      <PublicCard title={SHARE_VIEW_TEXT.errorTitle}>
        <Typography sx={{ mb: 2 }}>{SHARE_VIEW_TEXT.errorBody}</Typography>
        <Button variant="outlined" onClick={() => void share.refetch()}>
          Try again
        </Button>
      </PublicCard>
    );
  }
  if (share.data === null) {
    return (
      // A sentence, not a name: a heading of body size, so it reads as one on a phone.
      <PublicCard>
        <Typography variant="h5" component="h1" sx={{ mb: 1.5 }}>
          {SHARE_VIEW_TEXT.goneTitle}
        </Typography>
        <Typography>{SHARE_VIEW_TEXT.goneBody}</Typography>
        {!token && (
          <>
            <Typography color="text.secondary" sx={{ mt: 3, mb: 1.5 }}>
              {SHARE_VIEW_TEXT.signInHint}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                // Back here once signed in (the login takes the remembered page, access 2.5).
                sessionStore.rememberRedirect(`/view/${encodeURIComponent(id)}`);
                void navigate('/login');
              }}
            >
              Sign in
            </Button>
          </>
        )}
      </PublicCard>
    );
  }
  const shared = share.data;
  const name = shared.length ? personOf(shared[0]) : 'Verified wallet';
  return (
    <PublicCard title={name} subtitle="Verified by Credence: the verifications shared with you.">
      {shared.length ? (
        <WalletPockets items={itemsOf(shared)} publicView />
      ) : (
        <Typography color="text.secondary">There are no verified results to show yet.</Typography>
      )}
    </PublicCard>
  );
}
