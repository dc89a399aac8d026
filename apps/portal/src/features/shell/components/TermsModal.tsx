import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import type { Account } from '@/features/account/api/account';
import { useAcknowledgeAccount } from '@/features/account/hooks/useAccount';
import { LATEST_TERMS_VERSION } from '@credence/domain';
import { FormStatus } from '@/shared/forms/FormStatus';
import { LINKS } from '@/shared/config';
import { useNotify } from '@/shared/notifications/useNotify';
import { refreshSession } from '@/shared/session/refresh';

export const TERMS_MESSAGES = {
  required: 'You must accept our terms & conditions in order to use our service.',
  thanks: 'Thank you! Your selections have been updated.',
} as const;

interface TermsModalProps {
  account: Account;
  onDone: () => void;
}

/**
 * Spec 2.3, 4.5 and 5.4: blocks the shell until the user chooses Agree or Disagree on the terms and privacy notice
 * and submits. Saving sends the full account with the new terms version and marketing choice, then refreshes the
 * login so the token carries the new version.
 */
export function TermsModal({ account, onDone }: TermsModalProps) {
  const notify = useNotify();
  const [choice, setChoice] = useState<'agree' | 'disagree' | ''>('');
  const [marketing, setMarketing] = useState(account.marketing ?? true);
  const [attempted, setAttempted] = useState(false);
  // The save and the refresh after it are one wait for the user.
  const [saving, setSaving] = useState(false);
  const acknowledge = useAcknowledgeAccount();
  const error = (attempted || choice !== '') && choice !== 'agree' ? TERMS_MESSAGES.required : '';

  async function submit() {
    setAttempted(true);
    if (choice !== 'agree') return;
    setSaving(true);
    try {
      await acknowledge.mutateAsync({ account, changes: { tcsVersion: LATEST_TERMS_VERSION, marketing } });
      await refreshSession();
      notify({ severity: 'success', message: TERMS_MESSAGES.thanks });
      onDone();
    } catch {
      // Spec 8: the loading stops; no message.
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      aria-labelledby="terms-title"
      aria-describedby="terms-text"
      maxWidth="sm"
      fullWidth
      disableEscapeKeyDown
    >
      <DialogTitle id="terms-title">Before you continue ...</DialogTitle>
      <DialogContent>
        <DialogContentText id="terms-text" sx={{ mb: 2 }}>
          We have updated our{' '}
          <Link href={LINKS.terms} target="_blank" rel="noopener noreferrer">
            terms &amp; conditions
          </Link>{' '}
          and{' '}
          <Link href={LINKS.privacy} target="_blank" rel="noopener noreferrer">
            privacy notice
          </Link>
          . Please read them and tell us whether you agree.
        </DialogContentText>
        <FormControl error={!!error} required>
          <FormLabel id="terms-choice-label">Terms &amp; conditions and privacy notice</FormLabel>
          <RadioGroup
            row
            aria-labelledby="terms-choice-label"
            value={choice}
            onChange={(e) => setChoice(e.target.value as 'agree' | 'disagree')}
          >
            <FormControlLabel value="agree" control={<Radio />} label="Agree" />
            <FormControlLabel value="disagree" control={<Radio />} label="Disagree" />
          </RadioGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
        <FormControlLabel
          sx={{ mt: 1.5, display: 'flex' }}
          control={<Checkbox checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />}
          label="Keep me informed about product news, tips and offers by e-mail"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        <Button variant="contained" onClick={() => void submit()} loading={saving} disabled={!!error}>
          Submit
        </Button>
        <FormStatus blocked={!!error} />
      </DialogActions>
    </Dialog>
  );
}
