import Block from '@mui/icons-material/Block';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Send from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { httpClient } from '@/dataProvider';

/** Disable (sessions end at once) or enable a user, after a confirmation. */
export function DisableUserButton() {
  const user = useRecordContext();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!user) return null;
  const disabling = !user.disabled;
  const run = () =>
    update(
      'users',
      { id: user.id, data: { disabled: disabling }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${user.username} ${disabling ? 'disabled' : 'enabled'}`, { type: 'success' });
          setOpen(false);
        },
        onError: (e) => {
          notify((e as Error).message, { type: 'error' });
          setOpen(false);
        },
      },
    );
  return (
    <>
      <Button
        color={disabling ? 'error' : 'success'}
        variant="outlined"
        startIcon={disabling ? <Block /> : <CheckCircleOutline />}
        onClick={() => setOpen(true)}
      >
        {disabling ? 'Disable' : 'Enable'}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={disabling ? `Disable ${user.username}?` : `Enable ${user.username}?`}
        content={
          disabling
            ? 'They are signed out everywhere now and cannot sign in until enabled again. Their verifications stay with their company.'
            : 'They can sign in again with their existing password.'
        }
        confirm={disabling ? 'Disable' : 'Enable'}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Resends the registration e-mail of a pending user (the team invitation, or an individual's registration). */
export function ResendRegistrationButton() {
  const user = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);
  if (!user || !user.pending || user.disabled) return null;
  const resend = async () => {
    setPending(true);
    try {
      await httpClient(`/admin/users/${encodeURIComponent(String(user.id))}/resend-registration`, { method: 'POST' });
      notify('Email resent', { type: 'success' });
      refresh();
    } catch (e) {
      notify(`Email NOT resent, please contact support. ${(e as Error).message}`, { type: 'error', autoHideDuration: 7500 });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Send />} onClick={() => void resend()} loading={isPending}>
      Resend registration e-mail
    </Button>
  );
}
