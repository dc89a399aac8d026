import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import type { Account } from '@/features/account/api/account';
import { useAcknowledgeAccount } from '@/features/account/hooks/useAccount';
import { refreshSession } from '@/shared/session/refresh';

interface WelcomeModalProps {
  account: Account;
  onDone: () => void;
}

/** Spec 2.3 and 4.5: shown until acknowledged; acknowledging stores the date (sent as 1). */
export function WelcomeModal({ account, onDone }: WelcomeModalProps) {
  const [saving, setSaving] = useState(false);
  const save = useAcknowledgeAccount();

  async function acknowledge() {
    setSaving(true);
    // Whatever the server says, the user has read it: they are not held up by a failed save.
    await save
      .mutateAsync({ account, changes: {} })
      .then(() => refreshSession())
      .catch(() => undefined);
    onDone();
  }

  return (
    <Dialog open aria-labelledby="welcome-title" aria-describedby="welcome-text" maxWidth="xs" fullWidth>
      <DialogTitle id="welcome-title">Welcome!</DialogTitle>
      <DialogContent>
        <DialogContentText id="welcome-text">
          Your account is ready. Order verifications, follow their progress and download certificates here.
          Your menu on the left takes you everywhere; your account settings are under your name at the top.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" fullWidth loading={saving} onClick={() => void acknowledge()}>
          Great, let&apos;s go!
        </Button>
      </DialogActions>
    </Dialog>
  );
}
