import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useCallback, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { requestPasswordReset, resetPassword } from '@/features/auth/api/password';
import { newPasswordErrors } from '@/features/auth/passwordRules';
import { FormStatus } from '@/shared/forms/FormStatus';
import { keepFocus } from '@/shared/forms/keepFocus';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useForm } from '@/shared/forms/useForm';
import { required } from '@/shared/forms/validators';
import { PublicCard } from '@/shared/layout/PublicCard';
import { useNotify } from '@/shared/notifications/useNotify';

export const RESET_MESSAGES = {
  sent: 'If registered, instructions on how to reset your password have been sent, please check your inbox.',
  updated: 'Your password has been updated.',
  linkFailed:
    'This reset link could not be used. It may have expired or been used already: ask for a new one below.',
} as const;

/** Spec 2.6: with a token, set a new password; without one, ask for a reset e-mail. */
export function ResetPasswordScreen() {
  const { resetToken } = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? resetToken ?? '';
  const [failed, setFailed] = useState(false);
  return token && !failed ? (
    <NewPasswordCard token={token} onFailed={() => setFailed(true)} />
  ) : (
    <ForgotCard linkFailed={failed} />
  );
}

function ForgotCard({ linkFailed }: { linkFailed: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const form = useForm(
    { username: '' },
    useCallback(
      (v: { username: string }) => ({ username: required('Email address / Username', v.username) }),
      [],
    ),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    setSending(true);
    try {
      await requestPasswordReset(form.values.username.trim());
      notify({ severity: 'success', title: 'Success', message: RESET_MESSAGES.sent });
      await navigate('/login');
    } catch (error) {
      // Spec 2.6: failures are only logged.
      console.warn('Password reset request failed', error);
      setSending(false);
    }
  }

  return (
    <PublicCard
      title="Reset password"
      subtitle="Enter the e-mail address you sign in with and we will send you a link to choose a new password."
    >
      {linkFailed && (
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {RESET_MESSAGES.linkFailed}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.25 }}>
        <TextField
          id="reset-username"
          label="Email address / Username"
          autoComplete="username"
          required
          autoFocus
          {...form.text('username')}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/login" {...keepFocus}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={sending} disabled={form.blocked}>
            Reset
          </Button>
        </Stack>
        <FormStatus blocked={form.blocked} />
      </Box>
    </PublicCard>
  );
}

interface NewPassword extends Record<string, unknown> {
  password: string;
  confirm: string;
}

function NewPasswordCard({ token, onFailed }: { token: string; onFailed: () => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const form = useForm<NewPassword>(
    { password: '', confirm: '' },
    useCallback(
      (v: NewPassword) =>
        newPasswordErrors(v.password, v.confirm, { password: 'New password', confirm: 'Confirm password' }),
      [],
    ),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    setSaving(true);
    try {
      await resetPassword(token, form.values.password, form.values.confirm);
      notify({ severity: 'success', message: RESET_MESSAGES.updated });
      await navigate('/');
    } catch (error) {
      // Spec 2.6 and 4.3: back to the forgot state; the failure itself is only logged.
      console.warn('Password reset failed', error);
      setSaving(false);
      onFailed();
    }
  }

  return (
    <PublicCard title="Create new password" subtitle="Choose the password you will sign in with from now on.">
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.25 }}>
        <PasswordField
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          required
          autoFocus
          hint
          {...form.text('password')}
        />
        <PasswordField
          id="reset-confirm-password"
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.text('confirm')}
        />
        <Button type="submit" variant="contained" size="large" loading={saving} disabled={form.blocked}>
          Save
        </Button>
        <FormStatus blocked={form.blocked} />
      </Box>
    </PublicCard>
  );
}
