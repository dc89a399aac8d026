import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useCallback, type FormEvent } from 'react';
import { useUpdatePassword } from '@/features/auth/hooks/useUpdatePassword';
import { newPasswordErrors } from '@/features/auth/passwordRules';
import type { PasswordChange } from '@/features/account/validation';
import { FormStatus } from '@/shared/forms/FormStatus';
import { keepFocus } from '@/shared/forms/keepFocus';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useForm } from '@/shared/forms/useForm';
import { required } from '@/shared/forms/validators';
import { useNotify } from '@/shared/notifications/useNotify';

export const PASSWORD_UPDATED = 'Your password has been updated.';

/** Spec 2.11 and 5.3: the update-password card, signed in. */
export function UpdatePasswordDialog({
  username,
  open,
  onClose,
}: {
  username: string;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const change = useUpdatePassword();
  const saving = change.isPending;
  const form = useForm<PasswordChange>(
    { current: '', password: '', confirm: '' },
    useCallback((v: PasswordChange) => {
      const pw = newPasswordErrors(v.password, v.confirm, {
        password: 'New password',
        confirm: 'Confirm password',
      });
      return { current: required('Current password', v.current), password: pw.password, confirm: pw.confirm };
    }, []),
  );

  const close = () => {
    form.reset({ current: '', password: '', confirm: '' });
    change.reset();
    onClose();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    try {
      await change.mutateAsync({
        username,
        password: form.values.current,
        newPassword: form.values.password,
        confirmPassword: form.values.confirm,
      });
      notify({ severity: 'success', message: PASSWORD_UPDATED });
      close();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="password-title" maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id="password-title">Update password</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.25 }}>
          <DialogContentText>Please supply your current password and a new password</DialogContentText>
          <TextField
            id="password-username"
            label="Username"
            value={username}
            slotProps={{ input: { readOnly: true } }}
            autoComplete="username"
          />
          <PasswordField
            id="password-current"
            label="Current password"
            autoComplete="current-password"
            required
            autoFocus
            {...form.text('current')}
          />
          <PasswordField
            id="password-new"
            label="New password"
            autoComplete="new-password"
            required
            hint
            {...form.text('password')}
          />
          <PasswordField
            id="password-confirm"
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.text('confirm')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Box sx={{ flex: '1 1 100%' }}>
            <FormStatus blocked={form.blocked} />
          </Box>
          <Button {...keepFocus} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={form.blocked}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
