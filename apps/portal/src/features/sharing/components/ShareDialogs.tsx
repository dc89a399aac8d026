import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { charactersLeft, SHARE_EMAIL_MAX, shareEmailProblem } from '@credence/domain';
import { useState } from 'react';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { localToday } from '@/shared/ui/format';
import { DateInput } from '@/shared/ui/dates';

/**
 * An optional last day the share stays open (beyond the spec: what wallet users ask for), today at the earliest. A date
 * half typed or in the past is reported through onProblem, so that the dialog does not share without it.
 */
function ExpiryField({
  id,
  value,
  onChange,
  onProblem,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  onProblem: (problem: string | null) => void;
}) {
  return (
    <DateInput
      id={id}
      label="Expires after (optional)"
      value={value}
      onChange={onChange}
      onProblem={onProblem}
      min={localToday()}
      helperText={value ? undefined : 'Leave empty to share until you delete it.'}
      fullWidth
    />
  );
}

interface PrivateValues {
  email: string;
  expiresAt: string;
}

/** 2.12 'Privately share': an e-mail input with 'N character(s) left', Cancel / Share. */
export function PrivateShareDialog({
  open,
  busy,
  onCancel,
  onShare,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onShare: (email: string, expiresAt: string | null) => void;
}) {
  const [expiryProblem, setExpiryProblem] = useState<string | null>(null);
  const { control, handleSubmit, watch, reset, setValue } = useRulesForm<PrivateValues>({
    defaultValues: { email: '', expiresAt: '' },
    validate: (v) => ({ email: shareEmailProblem(v.email) ?? undefined }),
  });
  const email = watch('email') ?? '';
  const expiresAt = watch('expiresAt') ?? '';
  const close = () => {
    reset();
    setExpiryProblem(null);
    onCancel();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="private-share-title" fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => void handleSubmit((v) => onShare(v.email.trim(), v.expiresAt || null))(e)}
      >
        <DialogTitle id="private-share-title">Privately share</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField<PrivateValues, 'email'>
              control={control}
              name="email"
              id="private-share-email"
              label="Email"
              type="email"
              autoComplete="off"
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: SHARE_EMAIL_MAX } }}
              helperText={charactersLeft(email)}
            />
            <ExpiryField
              id="private-share-expiry"
              value={expiresAt}
              onChange={(v) => setValue('expiresAt', v)}
              onProblem={setExpiryProblem}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || !!expiryProblem}>
            Share
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 2.12: 'Generate public sharing link' confirms first; an optional expiry goes with it. */
export function PublicShareDialog({
  open,
  wallet,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  wallet: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (expiresAt: string | null) => void;
}) {
  const [expiresAt, setExpiresAt] = useState('');
  const [expiryProblem, setExpiryProblem] = useState<string | null>(null);
  const cancel = () => {
    setExpiresAt('');
    setExpiryProblem(null);
    onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby="public-share-title" aria-describedby="public-share-text" fullWidth maxWidth="xs">
      <DialogTitle id="public-share-title">Generate public sharing link</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="public-share-text">
            {`Are you sure you want to add a public sharing url? Anyone with this url will be able to view your verification${wallet ? ' wallet' : ''}. You can delete it any time.`}
          </DialogContentText>
          <ExpiryField
            id="public-share-expiry"
            value={expiresAt}
            onChange={setExpiresAt}
            onProblem={setExpiryProblem}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button variant="contained" disabled={busy || !!expiryProblem} onClick={() => onConfirm(expiresAt || null)}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 2.12: every delete confirms. */
export function ConfirmDeleteDialog({
  text,
  busy,
  onCancel,
  onConfirm,
}: {
  text: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={text !== null} onClose={onCancel} aria-labelledby="delete-share-title" aria-describedby="delete-share-text">
      <DialogTitle id="delete-share-title">Delete share</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-share-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
